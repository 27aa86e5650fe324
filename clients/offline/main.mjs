// The offline page: the library in the page (python.mjs loads it), then
// table.py's start/play/check as JSON.
import { loadRules } from "./python.mjs";

const $ = (id) => document.getElementById(id);
const began = performance.now();

function show(answer) {
  $("table").hidden = false;
  $("hand").textContent = answer.hand.join(" ");
  $("melds").textContent = answer.melds.join(" | ") || "none";
  $("discard").textContent = answer.discard.join(" ") || "empty";
  $("turns").textContent = `${answer.turns} moves played.`;
  $("log").textContent = answer.log.join("\n");
  $("reason").textContent = answer.refused ?? "";
  $("rule").textContent = answer.rule ?? "";
  const moves = $("moves");
  moves.replaceChildren(
    ...answer.moves.map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.move = move;
      button.textContent = move;
      return button;
    }),
  );
  $("over").textContent = answer.over
    ? `Game over. Winners: player ${answer.winners.map((w) => w + 1).join(", player ")}.` +
      (answer.scores.length ? ` Totals: ${answer.scores.at(-1).join(", ")}.` : "")
    : "";
  document.body.dataset.state = answer.over ? "over" : "playing";
  document.body.dataset.turns = String(answer.turns);
}

const table = await loadRules("table");
const loadMs = Math.round(performance.now() - began);
$("status").textContent = `Python ready in ${loadMs} ms.`;
document.body.dataset.loadMs = String(loadMs);

$("new").addEventListener("submit", (event) => {
  event.preventDefault();
  show(JSON.parse(table.start($("game").value, Number($("seed").value))));
});
$("moves").addEventListener("click", (event) => {
  const move = event.target.dataset?.move;
  if (move) show(JSON.parse(table.play(move)));
});
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  show(JSON.parse(table.play($("move").value)));
});
// A selection is checked in the page, with no move sent: what the cards would
// make, and each refused move's sentence and rule.
$("selection").addEventListener("submit", (event) => {
  event.preventDefault();
  const found = JSON.parse(table.check($("cards").value));
  const lines = found.error
    ? [found.error]
    : [
        ...found.moves.map((move) => `legal: ${move}`),
        ...found.refusals.map((r) => `refused: ${r.move}: ${r.reason} (${r.rule})`),
        found.meld ? "a meld" : `no meld: ${found.meld_reason} (${found.meld_rule})`,
      ];
  $("checked").replaceChildren(
    ...lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })),
  );
});
$("bench").addEventListener("click", () => {
  const result = JSON.parse(table.bots_only($("game").value, 5));
  $("bench-result").textContent =
    `${result.moves} moves in ${result.seconds.toFixed(2)} s: ${Math.round(result.per_second)} a second`;
  $("bench-result").dataset.perSecond = String(result.per_second);
});
for (const id of ["start", "bench"]) $(id).disabled = false;
document.body.dataset.ready = "true";
