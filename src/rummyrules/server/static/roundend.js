// The table of a round that has just ended, kept on the screen until the
// player continues. The server sends the next deal's view with the events
// that led to it; the finished round's melds are the last view's melds with
// those events played on them (melds laid, cards laid off or claimed, cards
// discarded), and its counted hands are the round_ended event's.

import { physical } from "./cards.js";
import { writtenCards } from "./events.js";

function copyMelds(melds) {
  return melds.map((meld) => ({ ...meld, cards: [...meld.cards], playedBy: [...meld.playedBy] }));
}

/**
 * The finished round to show, or null: ``base`` is the view the events
 * start from (null when the stream starts with these events), ``after`` the
 * view they lead to.
 */
export function finishedRound(base, events, after) {
  let last = -1;
  events.forEach((event, index) => {
    if (event && event.kind === "round_ended" && event.result) last = index;
  });
  // A game's last round stays on the table anyway, with the game over.
  if (last < 0 || !base || after.phase === "over") return null;
  let melds = copyMelds(base.melds);
  let pile = [...base.pile];
  for (const event of events.slice(0, last)) {
    const player = event.player;
    const cards = writtenCards(event);
    switch (event.kind) {
      case "round_ended":
        melds = [];
        pile = [];
        break;
      case "meld": {
        const meld = { kind: "", cards, owner: player, playedBy: cards.map(() => player) };
        const at = Number(event.meld) - 1;
        if (Number.isInteger(at) && at >= 0 && at >= melds.length) melds[at] = meld;
        else melds.push(meld);
        break;
      }
      case "lay":
      case "lay_off":
      case "claim": {
        const meld = melds[Number(event.meld) - 1];
        if (meld) {
          meld.cards.push(...cards);
          meld.playedBy.push(...cards.map(() => player));
        }
        break;
      }
      case "discard":
        pile = [...cards.map(physical).reverse(), ...pile];
        break;
      case "take":
        for (const card of (event.cards || []).map(String)) {
          const at = pile.indexOf(card);
          if (at >= 0) pile.splice(at, 1);
        }
        break;
      default:
        break;
    }
  }
  const result = events[last].result;
  const hands = Array.isArray(result.hands) ? result.hands : [];
  const mine = Array.isArray(hands[base.player]) ? hands[base.player].map(String) : [];
  const view = {
    ...base,
    melds: melds.filter(Boolean),
    pile,
    hand: mine,
    handSizes: base.handSizes.map((size, seat) => (Array.isArray(hands[seat]) ? hands[seat].length : size)),
    moves: [],
    toMove: null,
    phase: "round over",
    roundResults: [result],
    // The totals with this round counted, as the score sheet beside says.
    scores: after.scores,
    scoreSheet: after.scoreSheet,
  };
  return { view, result };
}
