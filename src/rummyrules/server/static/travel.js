// Cards travel: a card discarded flies from the hand to the pile, a card
// drawn from the stock or taken from the pile flies into the hand, a meld's
// cards fly to the melds. Where each card was is noted before the table is
// drawn again; each card that is new in its place then plays back from where
// it was (the FLIP technique, with the Web Animations API). Nothing moves
// when the browser asks for reduced motion.

import { physical } from "./cards.js";
import { $ } from "./dom.js";

const PLACES = { hand: "#hand .card[data-card]", pile: "#pile .card[data-card]", melds: "#melds .card[data-card]" };
// Where a card new in a place most likely came from, in order.
const FROM = { hand: ["pile", "melds"], pile: ["hand"], melds: ["hand", "pile"] };
// More cards than this new in one place is a new deal, not a move.
const MOST = 6;
const MS = 380;

function reduced() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function where(selector) {
  const seen = new Map();
  for (const node of document.querySelectorAll(selector)) {
    const key = physical(node.dataset.card);
    if (!seen.has(key)) seen.set(key, []);
    seen.get(key).push(node.getBoundingClientRect());
  }
  return seen;
}

/** Where the cards are now, before the table is drawn again. */
export function placesNow() {
  if (reduced() || !$("hand") || !$("hand").isConnected) return null;
  const seen = {};
  for (const [place, selector] of Object.entries(PLACES)) seen[place] = where(selector);
  const stock = $("stock").getBoundingClientRect();
  seen.stock = stock.width ? stock : null;
  seen.seats = new Map([...document.querySelectorAll("#felt li.seat[data-seat]")]
    .map((node) => [node.dataset.seat, node.querySelector(".fan") || node])
    .map(([seat, node]) => [seat, node.getBoundingClientRect()]));
  return seen;
}

function take(seen, key) {
  const boxes = seen && seen.get(key);
  return boxes && boxes.length ? boxes.shift() : null;
}

function fly(node, from) {
  const to = node.getBoundingClientRect();
  if (!from || !to.width || !from.width) return;
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
  node.animate([
    { transform: `translate(${dx}px, ${dy}px)`, opacity: 1 },
    { transform: "none", opacity: 1 },
  ], { duration: MS, easing: "ease-out" });
}

/**
 * The seat another player's card came from: a meld's owner, else the seat
 * that played last (the one before the seat to move now).
 */
function otherSeat(node, seen, view) {
  const owner = node.closest("li.meld")?.dataset.owner;
  if (owner !== undefined && seen.seats.has(owner)) return seen.seats.get(owner);
  const count = view.handSizes.length;
  if (view.toMove === null || view.toMove === undefined || !count) return null;
  return seen.seats.get(String((view.toMove + count - 1) % count)) || null;
}

/** Play each card new in its place from where it was seen last; ``seen`` is what :func:`placesNow` noted, ``view`` the view now shown. */
export function travel(seen, view) {
  if (!seen || reduced()) return;
  const before = {};
  for (const place of Object.keys(PLACES)) {
    before[place] = new Map([...seen[place]].map(([key, boxes]) => [key, [...boxes]]));
  }
  const arrived = {};
  for (const [place, selector] of Object.entries(PLACES)) {
    arrived[place] = [];
    for (const node of document.querySelectorAll(selector)) {
      const key = physical(node.dataset.card);
      if (!take(before[place], key)) arrived[place].push({ node, key });
    }
  }
  for (const [place, nodes] of Object.entries(arrived)) {
    if (!nodes.length || nodes.length > MOST) continue;
    for (const { node, key } of nodes) {
      let from = null;
      for (const other of FROM[place]) from = from || take(before[other], key);
      // A card new in the hand and seen nowhere else came from the stock.
      if (!from && place === "hand") from = seen.stock;
      else if (!from) from = otherSeat(node, seen, view);
      fly(node, from);
    }
  }
}

/** Where each card of the hand is (by its index in the view's hand), before the hand is put in a new order. */
export function handNow() {
  if (reduced()) return null;
  return new Map([...document.querySelectorAll("#hand .card[data-index]")]
    .map((node) => [node.dataset.index, node.getBoundingClientRect()]));
}

/** Slide each card of the hand from where it was to its new place (a sort, a card moved). */
export function slideHand(before) {
  if (!before || reduced()) return;
  for (const node of document.querySelectorAll("#hand .card[data-index]")) fly(node, before.get(node.dataset.index));
}
