// The player's own hand: its cards as buttons that select them, in the
// order the player keeps (handorder.js), with the sort buttons, the hint,
// and Gin Rummy's deadwood. A card that has just come into the hand is marked.

import { cardNode, isWild } from "./cards.js";
import { $, el } from "./dom.js";
import { duties } from "./duties.js";
import { wireHand } from "./handdrag.js";
import { chooseSort, displayOrder, sortChoice } from "./handorder.js";
import { wildOf } from "./model.js";
import { table } from "./state.js";
import { handNow, slideHand } from "./travel.js";

const MOVING = "Drag a card, or press Alt+\u2190 or Alt+\u2192 on it, to move it in your hand.";
const HINTS = {
  GinRummy: "Select a card, then discard it (or knock); after a knock, select cards to meld or lay off.",
  GoingOutRummy: "Select a card to discard it; going out is offered when your whole hand can go down.",
};
let last = null;

/** The cards that came into the hand since the last render (at most a few: a new deal is no move). */
function arrivals(hand, before) {
  if (!before.length) return new Set();
  const left = [...before];
  const fresh = new Set();
  hand.forEach((card, index) => {
    const at = left.indexOf(card);
    if (at >= 0) left.splice(at, 1);
    else fresh.add(index);
  });
  return fresh.size <= 3 ? fresh : new Set();
}

/** The hand again, in its new order: its cards slide to their new places. */
function redraw() {
  if (!last) return;
  const before = handNow();
  renderHand(last.view, last.options);
  slideHand(before);
}

function showSort() {
  const chosen = table.ownOrder ? "" : sortChoice();
  for (const how of ["suit", "rank"]) {
    const button = $(`sort-${how}`);
    button.setAttribute("aria-pressed", chosen === how ? "true" : "false");
    if (!button.dataset.wired) {
      button.dataset.wired = "true";
      button.addEventListener("click", () => {
        chooseSort(how);
        redraw();
      });
    }
  }
}

function deadwoodLine(view) {
  const deadwood = view.deadwood;
  $("deadwood").hidden = deadwood === null || deadwood === undefined;
  if ($("deadwood").hidden) return;
  const limit = view.knockCard;
  const known = limit !== null && limit !== undefined;
  const knock = !known ? "" : limit === 0 ? " (only gin may knock)" : `, knock at ${limit} or less`;
  $("deadwood").textContent = `Your deadwood: ${deadwood}${knock}`;
  $("deadwood").dataset.deadwood = String(deadwood);
  $("deadwood").classList.toggle("can-knock", known && deadwood <= limit);
}

export function renderHand(view, options) {
  const { onToggle, paused } = options;
  last = { view, options };
  wireHand(redraw);
  showSort();
  const wild = wildOf(view);
  const fresh = arrivals(view.hand, table.shownHand);
  const order = displayOrder(view.hand, (card) => isWild(card, wild));
  const nodes = order.map((index) => {
    const card = view.hand[index];
    if (paused) return cardNode(card, { wild });
    const chosen = table.selected.includes(index);
    const node = cardNode(card, { wild, tag: "button", extra: chosen ? "selected" : "" });
    node.dataset.index = String(index);
    node.setAttribute("aria-pressed", chosen ? "true" : "false");
    node.setAttribute("aria-keyshortcuts", "Alt+ArrowLeft Alt+ArrowRight");
    node.addEventListener("click", () => onToggle(index));
    if (fresh.has(index)) node.classList.add("arrived");
    return node;
  });
  table.shownHand = [...view.hand];
  $("hand").replaceChildren(...(nodes.length ? nodes : [el("span", { class: "muted" }, "no cards")]));
  // The cards' count lets the style keep a long hand on one row (style.css, .hand).
  $("hand").style.setProperty("--n", String(Math.max(nodes.length, 1)));
  const general = HINTS[view.variant] || "Select cards, then meld, lay off or discard them.";
  // What the rules still ask comes first: the status line says it (duties.js).
  const hint = duties().length ? "Select cards for your move; the line above says what the rules still ask of you." : general;
  $("hand-hint").textContent = paused || view.phase === "over" ? "Your hand as it was counted." : `${hint} ${MOVING}`;
  deadwoodLine(view);
}
