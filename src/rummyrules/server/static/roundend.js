// The tables of the rounds that have just ended, each kept on the screen
// until the player continues. The server sends the next deal's view with the
// events that led to it, which may hold the end of more than one round (a
// bot can go out before the player's next turn). Each finished round's melds
// are the last view's melds with those events played on them (melds laid,
// cards laid off or claimed, cards discarded), and its counted hands are its
// round_ended event's.

import { physical } from "./cards.js";
import { writtenCards } from "./events.js";
import { columnSums } from "./scorecard.js";

function copyMelds(melds) {
  return melds.map((meld) => ({ ...meld, cards: [...meld.cards], playedBy: [...meld.playedBy] }));
}

/** An event of a round played on its melds and discard pile (changed in place). */
function playOn(table, event) {
  const player = event.player;
  const cards = writtenCards(event);
  switch (event.kind) {
    case "meld": {
      const meld = { kind: "", cards, owner: player, playedBy: cards.map(() => player) };
      const at = Number(event.meld) - 1;
      if (Number.isInteger(at) && at >= 0 && at >= table.melds.length) table.melds[at] = meld;
      else table.melds.push(meld);
      break;
    }
    case "lay":
    case "lay_off":
    case "claim": {
      const meld = table.melds[Number(event.meld) - 1];
      if (meld) {
        meld.cards.push(...cards);
        meld.playedBy.push(...cards.map(() => player));
      }
      break;
    }
    case "discard":
      table.pile = [...cards.map(physical).reverse(), ...table.pile];
      break;
    case "take":
      for (const card of (event.cards || []).map(String)) {
        const at = table.pile.indexOf(card);
        if (at >= 0) table.pile.splice(at, 1);
      }
      break;
    default:
      break;
  }
}

/**
 * The score sheet and the totals as they stood when a round was counted,
 * ``later`` rounds before the sheet's last: the later rows come off the
 * sheet and off the totals the view gives.
 */
function standing(after, later, players) {
  if (!Array.isArray(after.scoreSheet)) return { scoreSheet: after.scoreSheet, scores: after.scores };
  const sheet = after.scoreSheet.slice(0, Math.max(0, after.scoreSheet.length - later));
  const dropped = after.scoreSheet.slice(sheet.length);
  // A game that gives no totals (Gin Rummy) is left to the sheet's sums.
  const scores = Array.isArray(after.scores)
    ? after.scores.map((total, seat) => total - columnSums(dropped, players)[seat])
    : after.scores;
  return { scoreSheet: sheet, scores };
}

/**
 * The finished rounds to show, in order, each ``{ view, result, key }``:
 * ``base`` is the view the events start from (null when the stream starts
 * with these events: nothing to show), ``after`` the view they lead to.
 * ``key`` names the round's round_ended event among the stream's events.
 */
export function finishedRounds(base, events, after) {
  if (!base) return [];
  const ends = [];
  let played = { melds: copyMelds(base.melds), pile: [...base.pile], dealer: base.dealer };
  events.forEach((event, index) => {
    if (!event) return;
    if (event.kind === "round_ended" && event.result) {
      ends.push({ index, event, played });
      played = { melds: [], pile: [], dealer: null };
    } else if (event.kind === "dealt") {
      played.dealer = event.player;
    } else {
      playOn(played, event);
    }
  });
  // A game's last round stays on the table anyway, with the game over.
  if (after.phase === "over") ends.pop();
  const players = base.handSizes.length;
  const total = events.filter((event) => event && event.kind === "round_ended" && event.result).length;
  // A round dealt and ended within these events was never in a view: what
  // only a view says of it (its wild rank, a face-up wild card, a knock
  // card) is left out rather than shown as the round before had it.
  const unseen = { wild: null, faceUp: null, faceUpHolder: null, marker: null, knockCard: null, claim: null };
  return ends.map(({ event, played: { melds, pile, dealer } }, order) => {
    const result = event.result;
    const hands = Array.isArray(result.hands) ? result.hands : [];
    const mine = Array.isArray(hands[base.player]) ? hands[base.player].map(String) : [];
    const view = {
      ...base,
      ...(order > 0 ? unseen : {}),
      dealer,
      melds: melds.filter(Boolean),
      pile,
      hand: mine,
      handSizes: base.handSizes.map((size, seat) => (Array.isArray(hands[seat]) ? hands[seat].length : size)),
      moves: [],
      toMove: null,
      phase: "round over",
      round: result.round === undefined || result.round === null ? base.round : result.round,
      roundResults: [result],
      // The totals with this round counted and no later one.
      ...standing(after, total - order - 1, players),
    };
    return { view, result, key: JSON.stringify(event) };
  });
}
