// The player's moves: buttons for the legal moves (those the selected cards
// make, and the others), a move typed in notation, a claim declined, and
// the confirmation before dropping out. Every move goes to the server,
// which refuses a bad one with the rule it breaks.

import { api, tablePath } from "./api.js";
import { cardsPhrase, moveWords } from "./model.js";
import { $, el } from "./dom.js";
import { confirmAction } from "./dialog.js";
import { explainSelection, forgetSelection, selectedCards } from "./selection.js";
import { isOver, table } from "./state.js";
import { applyBody, render } from "./updates.js";

const VIA_SELECTION = new Set(["meld", "lay", "discard"]);

export function setBusy(busy) {
  table.busy = busy;
  document.body.dataset.busy = busy ? "true" : "false";
  for (const button of document.querySelectorAll("#actions button, #choices button, #all-moves button, #typed button")) {
    button.disabled = busy;
  }
}

export function showError(message, rule) {
  const text = rule && !String(message).includes(`(${rule})`) ? `${message} (${rule})` : String(message);
  $("error").textContent = text;
  if (rule) $("error").dataset.rule = rule;
  else delete $("error").dataset.rule;
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((card, i) => card === y[i]);
}

function moveButton(move, label, spoken = null) {
  const drop = move.kind === "drop";
  return el("button", {
    type: "button",
    class: `move kind-${move.kind}`,
    "data-move": move.text,
    // A wild's place, "[5♥ ← 5♣★]", is read aloud as "5♣ as 5♥".
    "aria-label": spoken && spoken !== label ? spoken : null,
    disabled: table.busy,
    onclick: () => (drop ? dropOut(move.text) : send(move.text)),
  }, label || move.text);
}

/** A move's button labelled in words, shown and spoken. */
function wordsButton(move, top = null, view = null) {
  return moveButton(move, moveWords(move, top, { view }), moveWords(move, top, { spoken: true, view }));
}

/** Buttons for the moves the selected cards make; several readings become choices. */
function selectionButtons(view, selected) {
  const actions = [];
  const choices = [];
  const offer = (label, moves) => {
    if (moves.length === 1) actions.push(label ? moveButton(moves[0], label) : wordsButton(moves[0]));
    else if (moves.length > 1) {
      choices.push(el("p", { class: "choice-label" }, `${label}: the cards can be read ${moves.length} ways`));
      for (const move of moves) choices.push(wordsButton(move));
    }
  };
  if (!selected.length) return { actions, choices };
  const melds = view.moves.filter((move) => move.kind === "meld" && sameCards(move.cards, selected));
  offer(melds.length === 1 ? null : "Meld", melds);
  const lays = view.moves.filter((move) => move.kind === "lay" && sameCards(move.cards, selected));
  for (const meld of [...new Set(lays.map((move) => move.meld))].sort((a, b) => a - b)) {
    const these = lays.filter((move) => move.meld === meld);
    offer(these.length === 1 ? null : `Lay off on meld ${meld}`, these);
  }
  offer(`Discard ${cardsPhrase(selected)}`, view.moves.filter((move) => move.kind === "discard" && sameCards(move.cards, selected)));
  return { actions, choices };
}

/** Moves the server found for the selection that the page did not offer (a game's own notation). */
function offerMore(texts) {
  const view = table.view;
  const known = new Map(view.moves.map((move) => [move.text, move]));
  for (const text of texts) {
    const move = known.get(text);
    if (move) $("choices").append(wordsButton(move));
  }
  $("selection-hint")?.remove();
}

export function renderMoves(view, { paused = false } = {}) {
  // A finished round, or a game over, leaves nothing to play.
  if (paused || isOver(view)) {
    $("actions").replaceChildren();
    $("choices").replaceChildren();
    $("all-moves").replaceChildren();
    $("all-moves-box").hidden = true;
    $("moves-section").hidden = true;
    return;
  }
  $("moves-section").hidden = false;
  const selected = selectedCards();
  const actions = [];
  for (const move of view.moves) {
    if (VIA_SELECTION.has(move.kind)) continue;
    if (move.kind === "claim" && table.declined === table.version) continue;
    actions.push(wordsButton(move, view.pile[0], view));
  }
  const isClaimOffer = view.toMove !== view.player && table.declined !== table.version
    && view.moves.some((move) => move.kind === "claim");
  if (isClaimOffer) {
    actions.push(el("button", { type: "button", id: "decline", class: "move", disabled: table.busy, onclick: decline },
      "Decline the claim"));
  }
  const picked = selectionButtons(view, selected);
  actions.push(...picked.actions);
  if (selected.length && !picked.actions.length && !picked.choices.length) {
    const more = view.moves.some((move) => VIA_SELECTION.has(move.kind)
      && selected.every((card) => move.cards.includes(card)));
    if (more) picked.choices.push(el("p", { class: "muted", id: "selection-hint" }, "Select more cards to make a move with them."));
  }
  // With cards selected and no move, the explanation below says why.
  if (!actions.length && !picked.choices.length && !selected.length) {
    actions.push(el("p", { class: "muted" }, view.moves.length ? "Select cards from your hand." : "No moves for you now."));
  }
  $("actions").replaceChildren(...actions);
  $("choices").replaceChildren(...picked.choices);
  $("all-moves").replaceChildren(...view.moves.map((move) => moveButton(move)));
  $("all-moves-box").hidden = view.moves.length === 0;
}

/** A card of the hand picked or put back; the server is asked what the selection makes. */
export function toggle(index) {
  showError("", null);  // a refusal was about the cards selected before
  const at = table.selected.indexOf(index);
  if (at >= 0) table.selected.splice(at, 1);
  else table.selected.push(index);
  render();
  explainSelection(offerMore);
  const button = document.querySelector(`#hand button[data-index='${index}']`);
  if (button) button.focus();
}

/** The selection was cleared (a new hand): the explanation goes with it. */
export function selectionCleared() {
  explainSelection(offerMore);
}

export function send(text) {
  const move = text.trim();
  if (!move || table.busy) return;
  forgetSelection();
  showError("", null);
  setBusy(true);
  if (table.live && table.socket && table.socket.readyState === WebSocket.OPEN) {
    table.socket.send(JSON.stringify({ type: "move", move }));
    return;
  }
  post(tablePath("moves"), { move });
}

/** Dropping out cannot be taken back (GOR-10): the player confirms it first. */
async function dropOut(text) {
  const sure = await confirmAction({
    title: "Drop out of the game?",
    text: "Your cards go face down out of play for the rest of the game, and you cannot come back in (GOR-10).",
    confirm: "Drop out",
  });
  if (sure) send(text);
}

/** Let a claim go (1400). Over HTTP even when live: a decline the bots do not answer changes no version, so no update would come. */
async function decline() {
  if (table.busy) return;
  showError("", null);
  setBusy(true);
  table.declined = table.version;
  // The version seen: a claim let go is the one on the screen, not a newer one.
  await post(tablePath("decline"), { version: table.version });
  render();
}

async function post(path, body) {
  try {
    const answer = await api(path, { method: "POST", body });
    applyBody(answer, { events: false });
    setBusy(false);
  } catch (error) {
    showError(error.message, error.rule);
    setBusy(false);
  }
}
