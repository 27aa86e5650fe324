// Keeping the page up to date: what the server sends (over the WebSocket,
// by long polling, or as a move's answer) becomes the table on the screen.

import { api, params, tablePath, token } from "./api.js";
import { renderBoard } from "./board.js";
import { $ } from "./dom.js";
import { duties, dutySentences } from "./duties.js";
import { normaliseView } from "./model.js";
import { renderMoves, selectionCleared, setBusy, showError, toggle } from "./moves.js";
import { endedBy, renderOver, renderRoundEnd, renderRoundResult, renderScores } from "./results.js";
import { nextRound, takeEvents } from "./rounds.js";
import { isOver, seatName, seatTitle, table } from "./state.js";

const PROMPTS = {
  draw: "draw a card (or take the discard)",
  play: "meld, lay off or discard",
  opening: "take or pass the first upcard",
  upcard: "take or pass the upcard",
  last: "make your last plays, then press Done",
  knock: "lay your melds down, then press Done",
  layoff: "lay off on the knocker's melds, then press Done",
  discard: "discard a card",
  over: "the game is over",
};
// Gin Rummy's phases say what Gin lets a player do in them (GIN-3 to GIN-8).
const GIN_PROMPTS = {
  upcard: "take the first upcard or pass (GIN-3)",
  draw: "draw from the stock or take the upcard (GIN-4)",
  knock: "discard a card (GIN-5)",  // the duty in force says which (duties.js)
  laydown: "lay your melds down one at a time, then press Done (GIN-5)",
  layoff: "lay off on the knocker's melds, then press Done (GIN-6)",
  meld: "lay your own melds down, then press Done (GIN-6)",
  wall: "knock with the upcard, or pass to end the hand as a draw (GIN-8)",
};
const GOR_PROMPTS = {
  draw: "draw from the stock or take the top discard (GOR-4)",
  play: "go out if your hand can, or discard a card (GOR-4, GOR-7)",
};

function prompt(view) {
  if (view.variant === "GinRummy") {
    if (view.phase === "play") {
      return view.moves.some((move) => move.kind === "knock")
        ? "discard a card, or knock (GIN-4, GIN-5)" : "discard a card (GIN-4)";
    }
    return GIN_PROMPTS[view.phase] || PROMPTS[view.phase] || view.phase;
  }
  if (view.variant === "GoingOutRummy" && GOR_PROMPTS[view.phase]) return GOR_PROMPTS[view.phase];
  return PROMPTS[view.phase] || view.phase;
}

/** What kind of moment this is for the seat: its turn, a chance out of turn, waiting, a round's end, over. */
function moment(view) {
  // Every finished round is looked at, the game's end after the last of them.
  if (table.paused) return "roundover";
  if (isOver(view)) return "over";
  if (view.toMove === view.player) return "yourturn";
  if (table.declined !== table.version && view.moves.some((move) => move.kind !== "drop")) return "offer";
  return "waiting";
}

function renderStatus(view, state) {
  let text;
  if (state === "over") {
    text = view.winners.length
      ? `Game over: ${view.winners.map(seatName).join(" and ")} won.`
      : "Game over, with no winner.";
  } else if (state === "roundover") {
    const { result } = table.paused;
    const by = endedBy(table.paused.view, result);
    const round = result.round === undefined || result.round === null ? "The hand" : `Round ${result.round}`;
    let then = "the next deal";
    if (table.rounds.length > 1) then = "the next round's end";
    else if (isOver(view)) then = "how the game ended";
    text = `${round} is over${by ? `: ${by}` : ""}${result.rule ? ` (${result.rule})` : ""}. Press Next round to see ${then}.`;
  } else if (state === "yourturn") {
    const owed = duties();
    text = `Your turn: ${prompt(view)}.${owed.length ? ` ${dutySentences(owed)}` : ""}`;
    $("status").dataset.duties = owed.map((duty) => duty.rule).join(" ");
  } else if (state === "offer") {
    text = `${seatTitle(view.toMove)} is to move; you may act out of turn.`;
  } else {
    text = `Waiting for ${seatName(view.toMove)}.`;
  }
  if (state !== "yourturn") delete $("status").dataset.duties;
  $("status").textContent = text;
  $("status").dataset.state = state;
  // A page in a background tab shows in its title that the player is to move.
  const base = $("title").textContent ? `${$("title").textContent} \u2013 rummyrules` : "rummyrules";
  document.title = state === "yourturn" ? `\u25cf Your turn \u2013 ${base}` : base;
}

export function render() {
  const live = table.view;
  const paused = table.paused;
  const state = moment(live);
  document.body.dataset.state = state;
  document.body.dataset.version = table.version || "";
  document.body.dataset.variant = live.variant;
  document.body.dataset.phase = live.phase;
  renderStatus(live, state);
  renderBoard(paused ? paused.view : live, { onToggle: toggle, paused: Boolean(paused) });
  renderMoves(live, { paused: Boolean(paused) });
  renderRoundEnd(paused, continueRound);
  renderRoundResult(live);
  // While the finished round is on the table its result is shown there, once.
  if (paused) $("round-box").hidden = true;
  // The sheet as it stood at the round on the table, in step with it.
  renderScores(paused ? paused.view : live);
  renderOver(live, state);
}

/** The player has seen the finished round: on to the next one waiting, or the table as it is now. */
function continueRound() {
  nextRound();
  table.shownHand = [];
  table.shownPileTop = null;
  render();
  $(table.paused ? "continue" : "status").focus();
}

/**
 * Show a body of the server (an update, a view, a move's answer).
 * ``events`` says whether its events join the log: each stream of updates
 * (the WebSocket, or the long poll) brings every event once, so the answer
 * to a move sent while polling shows the view only.
 */
export function applyBody(body, { fresh = false, events = true } = {}) {
  if (!body || !body.view) return;
  table.body = body;
  table.view = normaliseView(body.view);
  const newer = body.version !== table.version;
  table.version = body.version;
  const pausedNow = events && takeEvents(Array.isArray(body.events) ? body.events : [], fresh, table.view);
  if (!newer && !fresh && !pausedNow) return;
  const key = table.view.hand.join(" ");
  if (key !== table.handKey) {
    table.handKey = key;
    table.selected = [];
    selectionCleared();
  }
  if (newer || fresh) {
    // A refusal was about the table as it was: a new view makes it stale.
    if (newer) showError("", null);
    setBusy(false);
  }
  render();
  if (pausedNow) $("continue").focus();
}

export function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${window.location.host}${tablePath("ws")}?token=${encodeURIComponent(token)}`;
  let opened = false;
  let first = true;
  let socket;
  try {
    socket = new WebSocket(url);
  } catch (error) {
    poll();
    return;
  }
  table.socket = socket;
  socket.addEventListener("open", () => {
    opened = true;
    table.live = true;
    table.reconnects = 0;
    $("connection").textContent = "Live";
  });
  socket.addEventListener("message", (message) => {
    let data;
    try {
      data = JSON.parse(message.data);
    } catch (error) {
      return;
    }
    if (data.type === "update") {
      applyBody(data, { fresh: first });
      first = false;
    } else if (data.type === "error") {
      showError(data.error, data.rule);
      setBusy(false);
    }
  });
  socket.addEventListener("close", (closed) => {
    table.live = false;
    table.socket = null;
    setBusy(false);
    if (table.view && isOver(table.view)) return;
    if (closed.code >= 4000) {  // 4401, 4403, 4404: no seat here, say why
      showError(closed.reason || "The server closed the connection.", null);
      return;
    }
    // A socket that was open (an idle close, a restart of the server) comes
    // back, a few times, each first update bringing every event; a page that
    // never got one carries on by long polling.
    if ((opened || table.reconnects > 0) && table.reconnects < 6) {
      table.reconnects += 1;
      $("connection").textContent = "Reconnecting";
      setTimeout(connect, 1000 * table.reconnects);
      return;
    }
    poll();
  });
}

let polling = false;

export async function poll() {
  if (polling) return;
  polling = true;
  $("connection").textContent = "Polling";
  // The poll's own place in the stream of versions: a move's answer may
  // move table.version on, but its events come in the next poll's answer.
  let since = null;
  while (!table.live) {
    const query = since === null ? "" : `since=${encodeURIComponent(since)}&`;
    try {
      const answer = await api(`${tablePath("view")}?${query}wait=25`);
      const same = answer.version === since;
      applyBody(answer, { fresh: since === null });
      since = answer.version;
      if (isOver(table.view)) break;
      // The server answers at once while this seat has moves; wait a moment
      // rather than asking again and again for the same view.
      if (same) await new Promise((done) => setTimeout(done, 1000));
    } catch (error) {
      showError(`Lost touch with the server: ${error.message}`, error.rule);
      if (error.status === 401 || error.status === 403 || error.status === 404) break;
      await new Promise((done) => setTimeout(done, 3000));
    }
  }
  polling = false;
}

export function startUpdates() {
  if ("WebSocket" in window && !params.has("poll")) connect();
  else poll();
}

