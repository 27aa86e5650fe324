// The order the player's hand is shown in: the page's own, never the
// server's. The player sorts it (by suit or by rank, a choice the browser
// remembers) or moves cards by dragging or with Alt+arrow keys. Selection
// stays by index into the view's hand: only the order on the screen changes.

import { parts, physical } from "./cards.js";
import { table } from "./state.js";

const KEY = "rummyrules-hand-sort";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
// Suits alternate black and red, so that neighbouring suits are told apart.
const SUIT_ORDER = ["S", "H", "C", "D"];

/** The sort the player chose last ("suit", "rank"), or "" for the order the cards came in. */
export function sortChoice() {
  try {
    const chosen = window.localStorage.getItem(KEY) || "";
    return chosen === "suit" || chosen === "rank" ? chosen : "";
  } catch (error) {
    return "";  // storage refused (a private window): no choice is remembered
  }
}

/** Sort the hand by ``how`` ("suit", "rank") from now on, remembered for the next visit. */
export function chooseSort(how) {
  try {
    window.localStorage.setItem(KEY, how);
  } catch (error) {
    // Not remembered, but the hand is still sorted on this page.
  }
  table.ownOrder = false;
}

function rankAt(card) {
  const { rank } = parts(physical(card));
  const at = RANKS.indexOf(rank === "T" ? "10" : rank);
  return at >= 0 ? at : RANKS.length;
}

function suitAt(card) {
  const at = SUIT_ORDER.indexOf(parts(physical(card)).suit);
  return at >= 0 ? at : SUIT_ORDER.length;
}

/** Compare two cards for a sort: wild cards last (where the player reaches for them), then by suit or rank. */
function comparer(how, isWild) {
  return (a, b) => {
    const wild = Number(isWild(a)) - Number(isWild(b));
    if (wild) return wild;
    const bySuit = suitAt(a) - suitAt(b);
    const byRank = rankAt(a) - rankAt(b);
    return how === "suit" ? bySuit || byRank : byRank || bySuit;
  };
}

/**
 * The hand's indexes in the order shown: the order shown last, cards gone
 * left out and new ones at the right end (where a drawn card lands); or
 * sorted, while the player has not moved a card since choosing a sort.
 */
export function displayOrder(hand, isWild) {
  const how = sortChoice();
  const left = hand.map((card, index) => ({ card, index }));
  let order = [];
  if (how && !table.ownOrder) {
    const compare = comparer(how, isWild);
    order = [...left].sort((a, b) => compare(a.card, b.card) || a.index - b.index).map((entry) => entry.index);
  } else {
    for (const card of table.handOrder) {
      const at = left.findIndex((entry) => entry.card === card);
      if (at >= 0) order.push(left.splice(at, 1)[0].index);
    }
    // A new deal keeps none of the order shown: the player's own order ends with it.
    if (order.length < hand.length / 2) table.ownOrder = false;
    order.push(...left.map((entry) => entry.index));
  }
  table.handOrder = order.map((index) => hand[index]);
  return order;
}

/** Move the card shown at ``from`` to the place ``to`` (both places on the screen); the player's own order from now on. */
export function moveCard(from, to) {
  const order = table.handOrder;
  if (from === to || from < 0 || to < 0 || from >= order.length || to >= order.length) return false;
  const [card] = order.splice(from, 1);
  order.splice(to, 0, card);
  table.ownOrder = true;
  return true;
}
