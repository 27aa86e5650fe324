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
  shownPileTop: null,
};

export function seatName(seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (table.view && seat === table.view.player) return `you (player ${seat})`;
  const kinds = table.summary && table.summary.seats;
  const kind = kinds && kinds[seat];
  const label = typeof kind === "string" ? kind : kind && kind.kind;
  return label && label !== "human" ? `player ${seat} (${label} bot)` : `player ${seat}`;
}

/** A seat's name where room is short (table headings): "You", "Player 2". */
export function shortName(seat) {
  return table.view && seat === table.view.player ? "You" : `Player ${seat}`;
}

export function seatTitle(seat) {
  return capital(seatName(seat));
}

export function isOver(view) {
  return view.phase === "over" || (view.toMove === null && view.phase !== "");
}
