// A finished round as a score card, the way a card table's scorer writes it
// up: a row for each player with the hand they were caught with, what the
// round counted for them and their running total, who ended the round and by
// which rule, then the score sheet's rounds so far. The numbers are the
// round_ended result's and the view's score sheet, never worked out here.

import { cardNode } from "./cards.js";
import { el } from "./dom.js";
import { cardsOf, wildOf } from "./model.js";
import { shortName } from "./state.js";

/** What the player who ended a round did, in the rule's words ("went out", "knocked", "last one left"). */
export function endVerb(view, result) {
  if (result.rule === "GOR-R3") return "last one left";
  return view.variant === "GinRummy" ? "knocked" : "went out";
}

/** A number as a score sheet writes it: a true minus sign, and a plus sign on the round's points. */
const written = (value) => String(value).replace("-", "\u2212");
const signed = (value) => (Number(value) > 0 ? `+${value}` : written(value));

/** Each column's sum over some rows of a score sheet. */
export function columnSums(rows, players) {
  return Array.from({ length: players }, (_, seat) => rows.reduce((sum, row) => sum + (Number(row[seat]) || 0), 0));
}

/** The running totals: the view's, else its score sheet's sums; null where the game keeps no score. */
function totalsOf(view) {
  if (Array.isArray(view.scores)) return view.scores;
  const sheet = view.scoreSheet;
  return Array.isArray(sheet) && sheet.length ? columnSums(sheet, view.handSizes.length) : null;
}

/** The parts of the count to show: those the result gives, the ones all nought left out but the round's points. */
function countedParts(view, result) {
  const parts = [
    ["melded", "Melded"],
    ["in_hand", view.variant === "GinRummy" ? "Deadwood" : "In hand"],
    ["bonus", "Bonus"],
    ["net", "Round"],
  ];
  return parts.filter(([key]) => Array.isArray(result[key]) && result[key].length
    && (key === "net" || result[key].some((value) => Number(value) !== 0)));
}

function playerCell(view, result, seat) {
  const ended = result.went_out === seat;
  return el("th", { scope: "row", class: "who" },
    el("span", { class: "name" }, shortName(seat)),
    ended ? el("span", { class: "out-badge" }, endVerb(view, result)) : null);
}

/** The hand a player was caught with, the width of the card under their row. */
function handRow(view, result, seat, columns) {
  const hands = Array.isArray(result.hands) ? result.hands : [];
  const cards = cardsOf(hands[seat]);
  const wild = wildOf(view);
  return el("tr", { class: `hand-row${result.went_out === seat ? " ended" : ""}`, "data-hand": seat },
    el("td", { colspan: columns, class: "cards counted" }, cards.length
      ? [el("span", { class: "sr" }, `${shortName(seat)}, hand counted: `), ...cards.map((card) => cardNode(card, { wild, extra: "mini" }))]
      : el("span", { class: "none" }, "no cards left")));
}

/** The card's table: a row a player, a column a part of the count, then the total. */
function rowsTable(view, result) {
  const players = view.handSizes.length;
  const parts = countedParts(view, result);
  const totals = totalsOf(view);
  const head = el("tr", {}, el("th", { scope: "col" }, "Player"),
    parts.map(([key, title]) => el("th", { scope: "col", class: `num ${key}` }, title)),
    totals ? el("th", { scope: "col", class: "num total" }, "Total") : null);
  const columns = 1 + parts.length + (totals ? 1 : 0);
  const rows = Array.from({ length: players }, (_, seat) => [el("tr", {
    "data-seat": seat, class: result.went_out === seat ? "ended" : null,
  }, playerCell(view, result, seat),
  parts.map(([key]) => {
    const value = result[key][seat];
    const text = value === null || value === undefined ? "\u2014" : key === "net" ? signed(value) : String(value);
    return el("td", { class: `num ${key}`, "data-value": value }, text);
  }),
  totals ? el("td", { class: `num total${Number(totals[seat]) < 0 ? " minus" : ""}`, "data-value": totals[seat] }, written(totals[seat])) : null),
  handRow(view, result, seat, columns)]);
  return el("table", { class: "score-card", "data-round": result.round },
    el("thead", {}, head), el("tbody", {}, rows.flat()));
}

/** The score sheet's rounds so far, this one last and marked; none before a second round. */
function sheetTable(view) {
  const sheet = Array.isArray(view.scoreSheet) ? view.scoreSheet : [];
  if (sheet.length < 2) return null;
  const players = view.handSizes.length;
  const head = el("tr", {}, el("th", { scope: "col" }, "Round"),
    Array.from({ length: players }, (_, seat) => el("th", { scope: "col", class: "num" }, shortName(seat))));
  const rows = sheet.map((row, index) => el("tr", { class: index === sheet.length - 1 ? "now" : null },
    el("th", { scope: "row" }, String(index + 1)),
    (Array.isArray(row) ? row : []).map((value) => el("td", { class: "num" }, signed(value)))));
  return el("section", { class: "past-rounds", "aria-label": "The score sheet" },
    el("h3", {}, `The score sheet, ${sheet.length} rounds`),
    el("table", { class: "score-sheet" }, el("thead", {}, head), el("tbody", {}, rows)));
}

/** The score card of a finished round: its caption, a row a player, the sheet so far. */
export function scoreCard(view, result, caption) {
  return [el("p", { class: "caption" }, caption), rowsTable(view, result), sheetTable(view)].filter(Boolean);
}
