// Why the selected cards make no move, or not the move a player expects: the
// page asks the server, which asks the rules (POST /api/tables/{table}/selection),
// and shows the sentence and rule ID of each refused kind of move that no
// offered move stands for (a Discard kept out by F14-9 beside the Lay off
// offered). Nothing about the rules is worked out here. A new selection
// cancels the question still on its way: the last one wins.

import { api, tablePath } from "./api.js";
import { signedText } from "./cards.js";
import { $, el } from "./dom.js";
import { table } from "./state.js";

const WAIT_MS = 150;
let timer = null;
let pending = null;
let asked = 0;

/** The selected cards' texts, in the order they were picked. */
export function selectedCards() {
  const view = table.view;
  return view ? table.selected.map((index) => view.hand[index]).filter(Boolean) : [];
}

function sameList(a, b) {
  return a.length === b.length && a.every((card, i) => card === b[i]);
}

/** How a candidate move is named in front of its refusal: "Meld", "Lay off on meld 2". */
function refusalLabel(refusal) {
  switch (refusal.kind) {
    case "meld":
      return "Meld";
    case "lay":
      return `Lay off on meld ${refusal.meld}`;
    case "discard":
      return "Discard";
    case "out":
      return "Go out";
    case "knock":
      return "Knock";
    case "claim":
      return `Claim on meld ${refusal.meld}`;
    default:
      return refusal.move || refusal.kind || "Move";
  }
}

/** A refusal's sentence in card signs, its rule ID kept on one line: ["sentence ", <span>(EOP-5)</span>]. */
function sentence(error, rule) {
  const text = signedText(error || "");
  if (!rule || text.includes(`(${rule})`)) return [text];
  return [`${text} `, el("span", { class: "rule" }, `(${rule})`)];
}

function clear() {
  $("why").classList.remove("aside");
  $("why").replaceChildren();
  $("why").hidden = true;
  delete $("why").dataset.cards;
}

/** Show the server's answer for the cards still selected; offer its moves not offered yet. */
function show(answer, offer) {
  const box = $("why");
  const refusals = Array.isArray(answer.refusals) ? answer.refusals : [];
  const moves = Array.isArray(answer.moves) ? answer.moves : [];
  const offered = new Set([...document.querySelectorAll("#actions [data-move], #choices [data-move]")]
    .map((button) => button.dataset.move));
  const extra = moves.map((move) => move.text).filter((text) => text && !offered.has(text));
  if (extra.length) offer(extra);
  // A kind of move offered for these cards needs no word on its other
  // readings (a lay-off on meld 1 offered, the one on meld 2 refused).
  const offeredKinds = new Set(moves.map((move) => move.kind));
  const items = [];
  for (const refusal of refusals) {
    if (offeredKinds.has(refusal.kind)) continue;
    items.push(el("li", { "data-kind": refusal.kind || "", "data-rule": refusal.rule || null, "data-move": null },
      el("strong", {}, `${refusalLabel(refusal)}: `), sentence(refusal.error, refusal.rule)));
  }
  const check = answer.check;
  if (!moves.length && check && check.ok === false && check.reason
      && !refusals.some((refusal) => refusal.kind === "meld")) {
    items.push(el("li", { "data-kind": "check", "data-rule": check.rule || null },
      el("strong", {}, "As a meld: "), sentence(check.reason, check.rule)));
  }
  const title = moves.length ? "Not offered with these cards:" : "Why these cards make no move:";
  box.classList.toggle("aside", moves.length > 0);
  box.dataset.cards = answer.cards.join(" ");
  box.hidden = items.length === 0;
  box.replaceChildren(...(items.length ? [el("p", { class: "why-title" }, title),
    el("ul", { id: "refusals" }, items)] : []));
}

async function ask(cards, number, offer) {
  pending = new AbortController();
  let answer;
  try {
    answer = await api(tablePath("selection"), { method: "POST", body: { cards }, signal: pending.signal });
  } catch (error) {
    // A question overtaken by a move (its cards left the hand) needs no answer.
    if (error.name === "AbortError" || number !== asked || !sameList(cards, selectedCards())) return;
    $("why").hidden = false;
    $("why").replaceChildren(el("p", { class: "muted" },
      "The rules could not be asked about these cards: ", sentence(error.message, error.rule)));
    return;
  }
  // A later selection (or a new hand) wins over this answer.
  if (number !== asked || !sameList(answer.cards || cards, selectedCards())) return;
  show({ ...answer, cards }, offer);
  document.body.dataset.explained = String(number);
}

/** Drop the question still on its way: a move is being sent, and the hand will change. */
export function forgetSelection() {
  clearTimeout(timer);
  if (pending) pending.abort();
  pending = null;
  asked += 1;
}

/** Ask about the selection a moment after it stops changing; ``offer`` adds buttons for moves the server lists. */
export function explainSelection(offer) {
  forgetSelection();
  const cards = selectedCards();
  if (!cards.length || table.paused || !table.view || !table.view.moves.length) {
    clear();
    return;
  }
  const number = asked;
  timer = setTimeout(() => ask(cards, number, offer), WAIT_MS);
}
