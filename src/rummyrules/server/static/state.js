// The one table this page shows: what the server last sent, what the player
// has selected, and the names of the seats.

import { capital } from "./dom.js";

export const table = {
  summary: null,
  reconnects: 0,
  body: null,
  view: null,
  version: null,
  selected: [],
  handKey: "",
  socket: null,
  live: false,
  busy: false,
  logged: 0,
  record: null,
  declined: null,
  lastResult: null,
  // The stream's last view, the base its next events are played on.
  streamView: null,
  // The finished rounds waiting for the player, in order (rounds.js), the
  // first of them on the table (``paused``) until the player continues, and
  // the events held back from the log behind them.
  rounds: [],
  paused: null,
  held: [],
  // What the last render showed, to move only what is new.
  shownHand: [],
  // The hand's order on the screen (cards' texts), and whether the player set it by hand.
  handOrder: [],
  ownOrder: false,
  shownPileTop: null,
};

/** A seat's number for people, counted from 1; the API and the notation count from 0. */
export function seatNumber(seat) {
  return Number(seat) + 1;
}

/** A seat in a sentence: "you", "player 2 (greedy bot)", "player 3". */
export function seatName(seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (isMine(seat)) return "you";
  const kinds = table.summary && table.summary.seats;
  const kind = kinds && kinds[seat];
  const label = typeof kind === "string" ? kind : kind && kind.kind;
  return label && label !== "human" ? `player ${seatNumber(seat)} (${label} bot)` : `player ${seatNumber(seat)}`;
}

/** A seat's name where room is short (table headings): "You", "Player 2". */
export function shortName(seat) {
  return isMine(seat) ? "You" : `Player ${seatNumber(seat)}`;
}

export function seatTitle(seat) {
  return capital(seatName(seat));
}

/** "is", or "are" after "you": "You are done", "Player 2 is done". */
export function isOrAre(seat) {
  return isMine(seat) ? "are" : "is";
}

function isMine(seat) {
  return Boolean(table.view) && seat === table.view.player;
}

export function isOver(view) {
  return view.phase === "over" || (view.toMove === null && view.phase !== "");
}
