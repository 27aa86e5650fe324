// The log of what happened: one line for each event the server sends.

import { cardPhrase } from "./cards.js";
import { $, el } from "./dom.js";
import { cardsOf, cardsPhrase, outPhrase, parseMove } from "./model.js";
import { isOrAre, seatName, seatTitle, table } from "./state.js";

/** The text of a move in an event: a move object (format 3) or its text (2). */
export function moveTextOf(move) {
  if (move === null || move === undefined) return "";
  return typeof move === "string" ? move : String(move.text || "");
}

/** The cards an event's move wrote, wild cards declared ("KH=4"), else the event's cards. */
export function writtenCards(event) {
  const move = moveTextOf(event.move);
  const written = move ? parseMove(move).written : [];
  return written.length ? written : cardsOf(event.cards);
}

/**
 * One line of the log for an event the server sent; ``spoken`` reads each
 * wild aloud ("5♣ as 5♥") where the line shows its place ("[5♥ ← 5♣★]").
 */
export function describeEvent(event, { spoken = false } = {}) {
  if (typeof event === "string") return event;
  if (event.text) return String(event.text);
  const who = event.player === null || event.player === undefined ? "" : seatTitle(event.player);
  const cards = cardsOf(event.cards);
  const move = moveTextOf(event.move);
  const shown = cardsPhrase(writtenCards(event), spoken);
  const hidden = Number(event.hidden || event.count || 0);
  const some = (count) => (count === 1 ? "a card" : `${count} cards`);
  const signs = cards.map(cardPhrase).join(" ");
  switch (event.kind) {
    case "draw":
      return `${who} drew ${cards.length ? signs : some(hidden || 1)} from the stock.`;
    case "take":
      return `${who} took ${cards.length ? signs : some(hidden || 1)} from the discard pile.`;
    case "meld":
      return `${who} laid meld ${event.meld}: ${shown}.`;
    case "lay_off":
    case "lay":
      return `${who} laid off ${shown} on meld ${event.meld}.`;
    case "claim":
      return `${who} claimed ${shown} onto meld ${event.meld}.`;
    case "discard":
      return `${who} discarded ${shown}.`;
    case "go_out":
    case "out":
      return `${who} went out: ${move ? outPhrase(move, { spoken, past: true }) : shown}.`;
    case "pass":
      return `${who} passed.`;
    case "done":
      return `${who} ${isOrAre(event.player)} done.`;
    case "knock":
      return `${who} knocked.`;
    case "drop":
      return `${who} dropped out of the game.`;
    case "reshuffled":
      return "The stock ran out and was rebuilt from the discard pile.";
    case "went_out":
      return `${who} went out.`;
    case "round_ended": {
      const result = event.result || {};
      const net = Array.isArray(result.net) && result.net.length ? ` Scores: ${result.net.map((n, seat) => `${seatName(seat)} ${n > 0 ? "+" : ""}${n}`).join(", ")}.` : "";
      return `Round ${result.round !== undefined ? result.round : ""} is over.${net}`.replace("Round  is", "The round is");
    }
    case "dealt":
      return `${who} dealt${event.round ? ` round ${event.round}` : ""}.`;
    case "game_ended": {
      const winners = Array.isArray(event.winners) ? event.winners : [];
      return winners.length ? `The game is over: ${winners.map(seatName).join(" and ")} won.` : "The game is over, with no winner.";
    }
    default: {
      const parts = [String(event.kind || "event").replaceAll("_", " ")];
      if (move) parts.push(move);
      else if (cards.length) parts.push(signs);
      if (event.meld !== undefined && event.meld !== null) parts.push(`on meld ${event.meld}`);
      return `${who ? `${who}: ` : ""}${parts.join(" ")}`;
    }
  }
}

/** Whether ``event`` only says again what the line before it said: going out names the player out. */
function repeats(event, before) {
  return event.kind === "went_out" && Boolean(before)
    && ["go_out", "out"].includes(before.kind) && before.player === event.player;
}

let previous = null;

export function addEvents(events, fresh) {
  const log = $("log");
  if (fresh) {
    log.replaceChildren();
    previous = null;
  }
  for (const event of events) {
    if (event && event.kind === "round_ended" && event.result) table.lastResult = event.result;
    const before = previous;
    previous = event;
    if (event && typeof event === "object" && repeats(event, before)) continue;
    const line = describeEvent(event);
    const spoken = describeEvent(event, { spoken: true });
    log.append(el("li", { "data-kind": event.kind || "", "aria-label": spoken === line ? null : spoken }, line));
  }
  log.scrollTop = log.scrollHeight;
  document.body.dataset.events = String(log.children.length);
}
