// The server-backed page: a seat of a table on a `rummyrules serve`, through
// the TypeScript client (dist/client, ES modules as tsc builds them). The
// person's selection is checked here by the library under Pyodide
// (local_check.py), with no request; a move of the selected cards is sent
// only once that check lists it. Seats are numbered from 1 in words, from 0
// in the notation and the API, as on the server's own table.
import { loadRules } from "./python.mjs";
import { RefusalError, RummyClient, viewOf } from "./dist/client/index.js";

const $ = (id) => document.getElementById(id);
const began = performance.now();
const item = (text) => Object.assign(document.createElement("li"), { textContent: text });

let seat = null; // the client's Seat
let answer = null; // the server's last answer
let picked = new Set(); // indices into the hand: a hand may hold two of a card
let following = false;
let declined = null; // the version whose claim this seat let go
let checks = 0;

// Python loads while the server is asked for the table.
const rules = loadRules("local_check").then((module) => {
  const loadMs = Math.round(performance.now() - began);
  $("status").textContent = `Python ready in ${loadMs} ms.`;
  document.body.dataset.loadMs = String(loadMs);
  return module;
});

function button(text, data) {
  const made = Object.assign(document.createElement("button"), { type: "button", textContent: text });
  Object.assign(made.dataset, data);
  return made;
}

function words(view) {
  const me = view.player;
  const you = `You are player ${me + 1} (seat ${me} in the notation).`;
  if (view.to_move === null) return `${you} The game is over.`;
  return view.to_move === me ? `${you} Your turn.` : `${you} Player ${view.to_move + 1} to move.`;
}

async function show(next) {
  answer = next;
  const view = viewOf(next);
  const python = await rules;
  const reading = performance.now();
  python.see(JSON.stringify(next.view));
  // How long the library took to read the view and deal a state that fits it
  // (benchmarks/page_check.py reads it, as the check's time below).
  document.body.dataset.seeMs = String(performance.now() - reading);
  $("table").hidden = false;
  $("who").textContent = words(view);
  // Numbered as the notation numbers them: "lay 7S on 2".
  $("melds").textContent = view.melds.map((m, i) => `${i + 1}: ${m.meld.cards.join(" ")}`).join(" | ") || "none";
  $("discard").textContent = view.discard_pile.join(" ") || "empty";
  $("stock").textContent = view.stock_count ?? view.stock_size;
  picked = new Set();
  $("hand").replaceChildren(
    ...view.hand.map((card, index) => {
      const made = button(card, { card, index: String(index) });
      made.setAttribute("aria-pressed", "false");
      return made;
    }),
  );
  const listed = declined === next.version ? [] : view.legal_moves.map((move) => move.text);
  $("moves").replaceChildren(...listed.map((text) => button(text, { move: text })));
  if (theirs(view) && listed.some((text) => text.includes("claim"))) {
    $("moves").append(button("Let it go", { decline: "true" }));
  }
  const lines = next.events.map((e) => `player ${e.player + 1}: ${e.move?.text ?? e.kind}`);
  $("log").textContent = lines.slice(-10).join("\n");
  $("over").textContent =
    view.to_move === null ? `Game over. Winners: player ${view.winners.map((w) => w + 1).join(", player ")}.` : "";
  check();
  document.body.dataset.version = next.version;
  document.body.dataset.state =
    view.to_move === null ? "over" : view.to_move === view.player ? "yourturn" : "waiting";
  if (waiting(next)) void follow();
}

// The check in the page: what the selected cards make, each refusal's
// sentence and rule. No request: the library answers from the last view.
async function check() {
  const view = viewOf(answer);
  const cards = [...picked].sort((a, b) => a - b).map((index) => view.hand[index]);
  const python = await rules;
  const checking = performance.now();
  const found = cards.length ? JSON.parse(python.check(JSON.stringify(cards))) : null;
  document.body.dataset.checkMs = String(performance.now() - checking);
  window.localCheck = found; // for the tests, beside the server's own answer
  $("check-note").textContent = found === null ? "Select cards of your hand." : found.error ?? "";
  $("check-note").hidden = $("check-note").textContent === "";
  $("makes").replaceChildren(
    ...(found?.moves ?? []).map((move) => {
      const line = item("");
      line.append(button(`Play: ${move.text}`, { play: move.text }));
      return line;
    }),
  );
  $("refused").replaceChildren(
    ...(found?.refusals ?? []).map((refused) => {
      const line = item(`Refused: ${refused.move}: ${refused.error} `);
      line.append(Object.assign(document.createElement("code"), { className: "rule", textContent: refused.rule }));
      return line;
    }),
  );
  const meld = found?.check;
  $("meld").textContent = !meld ? "" : meld.ok ? "A meld." : `No meld: ${meld.reason} (${meld.rule})`;
  document.body.dataset.checks = String(++checks);
}

// A move goes to the server; the rules there answer, a refusal with its rule.
async function send(text) {
  $("reason").textContent = $("rule").textContent = "";
  try {
    await show(await seat.move(text));
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    $("reason").textContent = error.sentence;
    $("rule").textContent = error.rule ?? "";
  }
}

// Another player's turn, with nothing for this seat to do (a claim let go
// is nothing, F14-12): the long poll until the table moves on.
const theirs = (view) => view.to_move !== null && view.to_move !== view.player;
const waiting = (next) => theirs(viewOf(next)) && (!viewOf(next).legal_moves.length || declined === next.version);

async function follow() {
  if (following) return;
  following = true;
  try {
    while (answer && waiting(answer)) {
      await show(await seat.view({ since: answer.version, wait: 25 }));
    }
  } finally {
    following = false;
  }
}

// A claim let go (F14-12): the table moves on without this seat.
async function letGo() {
  declined = answer.version; // the claim on the screen, not a newer one
  try {
    await seat.decline(declined);
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error; // the table moved on first
  }
  await show(await seat.view());
}

async function join(link) {
  $("reason").textContent = $("rule").textContent = "";
  try {
    seat = RummyClient.join(link);
    await show(await seat.view());
  } catch (error) {
    // A link that names no seat, or a seat the server refuses: said, not thrown.
    $("reason").textContent = error instanceof RefusalError ? error.sentence : String(error.message ?? error);
    $("rule").textContent = error.rule ?? "";
  }
}

$("hand").addEventListener("click", (event) => {
  const card = event.target.closest("button");
  if (!card) return;
  const index = Number(card.dataset.index);
  if (picked.has(index)) picked.delete(index);
  else picked.add(index);
  card.setAttribute("aria-pressed", String(picked.has(index)));
  void check();
});
$("moves").addEventListener("click", (event) => {
  const { move, decline } = event.target.dataset ?? {};
  if (move) void send(move);
  if (decline) void letGo();
});
$("makes").addEventListener("click", (event) => {
  const text = event.target.dataset?.play;
  if (text) void send(text);
});
$("join").addEventListener("submit", (event) => {
  event.preventDefault();
  void join($("link").value.trim());
});

const given = new URLSearchParams(location.search).get("join");
if (given) {
  $("link").value = given;
  await join(given); // the first view waits for Python (show), not the other way round
}
await rules;
document.body.dataset.ready = "true";
