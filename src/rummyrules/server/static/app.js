// The browser table for `rummyrules serve`: a lobby that creates tables and a
// table that shows one seat's view and sends that seat's moves. Every rule
// stays on the server: the page only shows the view it is sent, offers the
// legal moves listed in it and asks the server why selected cards make no
// move; anything typed goes to the server, which refuses it with its rule.

import { api, tablePath, tableId, token } from "./api.js";
import { confirmAction } from "./dialog.js";
import { $, el } from "./dom.js";
import { lobby } from "./lobby.js";
import { send, showError } from "./moves.js";
import { isOver, seatNumber, table } from "./state.js";
import { startUpdates } from "./updates.js";

export { cardsOf, normaliseView, parseMove } from "./model.js";
export { describeEvent } from "./events.js";

function showInvites() {
  const stored = sessionStorage.getItem(`rummyrules-invites-${tableId}`);
  const seats = stored ? JSON.parse(stored) : [];
  $("invites").hidden = seats.length === 0;
  $("invite-list").replaceChildren(...seats.map((seat) => {
    const link = `${window.location.origin}/?table=${encodeURIComponent(tableId)}&token=${encodeURIComponent(seat.token)}`;
    return el("li", {}, `Player ${seatNumber(seat.seat)}: `,
      el("a", { href: link, "data-invite": seat.seat, target: "_blank", rel: "noopener" }, link));
  }));
}

/** Leaving a game that is not over asks first: only this page's address brings the seat back. */
function guardLeaving(link) {
  link.addEventListener("click", async (event) => {
    if (!table.view || isOver(table.view)) return;
    event.preventDefault();
    const sure = await confirmAction({
      title: "Leave this table?",
      text: "The game is not over. Your seat stays at the table, and only this page's address brings you back to it.",
      confirm: "Leave the table",
    });
    if (sure) window.location.assign(link.href);
  });
}

async function openTable() {
  $("table").hidden = false;
  showInvites();
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    send($("move-text").value);
  });
  for (const link of document.querySelectorAll("a[data-leave]")) guardLeaving(link);
  try {
    table.summary = await api(tablePath());
    $("title").textContent = table.summary.name || table.summary.variant || "";
    document.title = `${$("title").textContent} \u2013 rummyrules`;
  } catch (error) {
    showError(`No such table: ${error.message}`, error.rule);
    return;
  }
  document.body.dataset.ready = "true";
  startUpdates();
}

if (tableId && token) openTable();
else lobby();
