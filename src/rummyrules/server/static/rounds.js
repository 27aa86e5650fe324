// The finished rounds waiting for the player, in order, and the log's events
// held back behind them: the log shows what happened up to the end of the
// round on the table, and the next round's events join it only once the
// player has pressed "Next round", so the log never runs ahead of the table.

import { addEvents } from "./events.js";
import { finishedRounds } from "./roundend.js";
import { table } from "./state.js";

/** The key of an event, to find a round's end again in a stream sent afresh. */
const keyOf = (event) => JSON.stringify(event);

/**
 * How many of ``events`` (not yet in the log) the log may show: those up to
 * and including the end of the round on the table, none when that end is in
 * the log already, all when no round waits. A stream sent afresh that has lost
 * the round's end (too many events to send them all) is shown whole.
 */
function shown(events, fresh) {
  const round = table.rounds[0];
  if (!round) return events.length;
  for (let at = events.length - 1; at >= 0; at -= 1) {
    if (keyOf(events[at]) === round.key) return at + 1;
  }
  return fresh ? events.length : 0;
}

function release(events, fresh = false) {
  const cut = shown(events, fresh);
  addEvents(events.slice(0, cut), fresh);
  table.held = events.slice(cut);
  table.paused = table.rounds[0] || null;
}

/**
 * Take a body's events: each finished round among them joins the queue, and
 * the log gets the events up to the end of the round the player sees.
 * ``fresh`` events are the stream's every event (a first update, a
 * reconnection): the log starts again from them, still held at the round on
 * the table. ``after`` is the view the events lead to; the answer is whether
 * a round has just come to the table.
 */
export function takeEvents(events, fresh, after) {
  const before = table.rounds.length;
  if (fresh) {
    release(events, true);
  } else {
    table.rounds.push(...finishedRounds(table.streamView, events, after));
    release([...table.held, ...events]);
  }
  table.streamView = after;
  return before === 0 && table.rounds.length > 0;
}

/** The player has seen the round on the table: the next one waiting, or the table as it is now. */
export function nextRound() {
  table.rounds.shift();
  release(table.held);
}
