// What a round and a game come to: the counted hands, the score sheet, the
// winners and the record.

import { api, tablePath, tableId } from "./api.js";
import { cardNode } from "./cards.js";
import { $, capital, el } from "./dom.js";
import { endVerb, scoreCard } from "./scorecard.js";
import { isOrAre, seatName, seatTitle, shortName, table } from "./state.js";

/** What a round's end says about the player who ended it, in the rule's words. */
export function endedBy(view, result) {
  if (result.went_out === undefined || result.went_out === null) return "";
  const who = seatName(result.went_out);
  if (result.rule === "GOR-R3") return `${who} ${isOrAre(result.went_out)} the last one left`;
  return `${who} ${endVerb(view, result)}`;
}

export function roundCaption(view, result) {
  let caption = result.round !== undefined && result.round !== null ? `Round ${result.round}` : "The hand";
  const by = endedBy(view, result);
  if (by) caption += `: ${by}`;
  if (result.rule) caption += ` (${result.rule})`;
  return caption;
}

/** Gin Rummy's hands laid face up at the hand's end, each with its deadwood. */
function shownHands(view) {
  if (!view.shownHands.length || !view.shownHands.some((hand) => hand.length)) return [];
  return [el("h3", {}, "Hands shown"), el("ul", { class: "shown" }, view.shownHands.map((hand, seat) => {
    const deadwood = view.shownDeadwood[seat];
    return el("li", { "data-seat": seat }, `${seatTitle(seat)}: `,
      el("span", { class: "cards" }, hand.length ? hand.map((card) => cardNode(card, { extra: "mini" })) : "no cards"),
      deadwood === undefined || deadwood === null ? ""
        : el("span", { class: "deadwood", "data-deadwood": deadwood }, ` deadwood ${deadwood}`));
  }))];
}

export function renderRoundResult(view) {
  const blocks = [];
  // The last round counted: from the view where it has them, else from the log.
  const last = view.roundResults.length ? view.roundResults[view.roundResults.length - 1] : table.lastResult;
  if (last) blocks.push(...scoreCard(view, last, roundCaption(view, last)));
  blocks.push(...shownHands(view));
  $("round-box").hidden = blocks.length === 0;
  $("round-result").replaceChildren(...blocks);
}

/** The finished round kept on the table until the player continues, as a score card. */
export function renderRoundEnd(paused, onContinue) {
  $("round-end").hidden = !paused;
  if (!paused) return;
  const { view, result } = paused;
  $("round-end-heading").textContent = `${result.round === undefined || result.round === null ? "The hand" : `Round ${result.round}`} is over`;
  const by = endedBy(view, result);
  const caption = [by ? capital(by) : "The round ended with nobody out",
    result.rule ? " " : "", result.rule ? el("span", { class: "rule" }, `(${result.rule})`) : "", "."];
  $("round-end-body").replaceChildren(...scoreCard(view, result, caption));
  const waiting = table.rounds.length - 1;
  $("round-end-more").textContent = waiting > 0
    ? `${waiting === 1 ? "Another round" : `${waiting} more rounds`} ended before your turn: Next round shows ${waiting === 1 ? "it" : "them"}, one by one.`
    : "";
  $("continue").textContent = "Next round";
  $("continue").onclick = onContinue;
}

export function renderScores(view) {
  const sheet = view.scoreSheet || [];
  const players = view.handSizes.length;
  if (view.scoreSheet === null && !Array.isArray(view.scores)) {
    $("scores").replaceChildren(el("p", { class: "muted" }, "This game keeps no score: the first out wins."));
    return;
  }
  const head = el("tr", {}, el("th", { scope: "col" }, "Round"),
    Array.from({ length: players }, (_, seat) => el("th", { scope: "col" }, shortName(seat))));
  const rows = sheet.map((row, index) => el("tr", {}, el("th", { scope: "row" }, String(index + 1)),
    (Array.isArray(row) ? row : []).map((value) => el("td", {}, String(value)))));
  let totals = view.scores;
  if (!Array.isArray(totals)) {
    totals = Array.from({ length: players }, (_, seat) => sheet.reduce((sum, row) => sum + (Number(row[seat]) || 0), 0));
  }
  rows.push(el("tr", { class: "total" }, el("th", { scope: "row" }, "Total"),
    totals.map((value) => el("td", {}, String(value)))));
  $("scores").replaceChildren(el("table", { class: "sheet" }, el("thead", {}, head), el("tbody", {}, rows)));
}

export function renderOver(view, state) {
  const over = state === "over";
  $("gameover").hidden = !over;
  if (!over) return;
  $("winners").textContent = view.winners.length
    ? `Winner${view.winners.length > 1 ? "s" : ""}: ${view.winners.map(seatName).join(", ")}.`
    : "Nobody won.";
  const link = tablePath("record");
  $("record-link").href = link;
  if (table.record === null) {
    table.record = "";
    api(link).then((answer) => {
      table.record = answer.record || "";
      $("record").textContent = table.record;
      $("record").hidden = !table.record;
      const file = new Blob([table.record], { type: "text/plain" });
      $("record-link").href = URL.createObjectURL(file);
      $("record-link").download = `rummyrules-${tableId}.txt`;
    }).catch((error) => {
      table.record = null;
      $("record").hidden = false;
      $("record").textContent = `The record could not be loaded: ${error.message}`;
    });
  }
}
