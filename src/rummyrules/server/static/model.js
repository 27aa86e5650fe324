// The JSON the server sends, read into one shape whichever format version it
// speaks, and moves put into words. Nothing here knows a rule: the page shows
// the view and offers the legal moves listed in it.

import { cardInMeld, cardPhrase, physical } from "./cards.js";

/** Cards as a list of their texts, from JSON format 2 (a space-joined string) or 3 (an array). */
export function cardsOf(value) {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((card) => String(card));
  return String(value).split(/\s+/).filter(Boolean);
}

/** A move's text and the parts the page needs, from a text (format 2) or a move object (3). */
export function parseMove(move) {
  const text = typeof move === "string" ? move : String(move.text);
  const match = /^\s*(?:(\d+)\s*:\s*)?([a-zA-Z]+)\s*(.*)$/.exec(text) || [];
  const player = match[1] === undefined ? null : Number(match[1]);
  const kind = (match[2] || text).toLowerCase();
  const words = (match[3] || "").split(/[\s,]+/).filter(Boolean);
  let meld = null;
  const written = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i].toLowerCase();
    if (word === "on") {
      meld = Number(words[i + 1]);
      i += 1;
    } else if (word !== "/" && word !== "discard") {
      written.push(words[i]);
    }
  }
  return { text, player, kind, written, cards: written.map(physical), meld };
}

const list = (value) => (Array.isArray(value) ? value : []);
const given = (value) => (value === undefined ? null : value);

/** One view in one shape, whichever JSON format version the server speaks. */
export function normaliseView(document) {
  const data = document && document.data ? document.data : document || {};
  const melds = list(data.melds).map((entry) => {
    const inner = entry.meld && typeof entry.meld === "object" ? entry.meld : entry;
    return {
      kind: inner.kind || entry.kind || "",
      cards: cardsOf(inner.cards !== undefined ? inner.cards : entry.cards),
      owner: given(entry.owner),
      playedBy: list(entry.played_by),
    };
  });
  return {
    variant: document.variant || data.variant || (data.rules && data.rules.variant) || "",
    options: (data.rules && data.rules.options) || {},
    player: data.player,
    hand: cardsOf(data.hand),
    handSizes: list(data.hand_sizes),
    dealer: data.dealer,
    melds,
    pile: cardsOf(data.discard_pile),
    stockCount: data.stock_count,
    stockSize: data.stock_size,
    toMove: given(data.to_move),
    winners: list(data.winners),
    moves: list(data.legal_moves).map(parseMove),
    phase: data.phase || "",
    round: data.round,
    wild: data.wild,
    faceUp: data.face_up,
    faceUpHolder: data.face_up_holder,
    marker: data.marker,
    scores: data.scores,
    // null where the game keeps no score sheet (Going Out Rummy).
    scoreSheet: data.score_sheet === undefined ? null : list(data.score_sheet),
    out: data.out,
    claim: data.claim,
    discarder: data.discarder,
    dropped: data.dropped,
    knocker: data.knocker,
    knockCard: data.knock_card,
    // Gin Rummy: the seat's own least deadwood, and each shown hand's.
    deadwood: given(data.deadwood),
    shownHands: list(data.shown_hands).map(cardsOf),
    shownDeadwood: list(data.shown_deadwood),
    roundResults: list(data.round_results),
    events: list(data.events),
  };
}

/** The wild rank of the round, where the game has one (End of the Page, 1400); the WILDCARD is always wild. */
export function wildOf(view) {
  return view && view.wild !== undefined && view.wild !== null ? String(view.wild) : null;
}

/**
 * The written cards of a move as they stand in a meld, "4♥ [5♥ ← 5♣★] 6♥",
 * or, ``spoken`` (for a screen reader), "4♥, 5♣ as 5♥, 6♥".
 */
export function cardsPhrase(written, spoken = false) {
  return written.map(spoken ? cardPhrase : cardInMeld).join(spoken ? ", " : " ");
}

/** Going out's melds and its discard, from "out 7H 7D 7C / 8S 9S 10S discard 9D". */
export function outParts(text) {
  const rest = text.replace(/^(\d+:\s*)?out\s*/i, "");
  const [laid, discard] = rest.split(/\s+discard\s+/i);
  const melds = (laid || "").split("/").map((meld) => meld.split(/\s+/).filter(Boolean)).filter((meld) => meld.length);
  return { melds, discard: discard ? discard.trim() : null };
}

/** Going out in words: "meld 7♥ 7♦ 7♣ and 8♠ 9♠ 10♠, discard 9♦" (``past``: "melded …, discarded …"). */
export function outPhrase(text, { spoken = false, past = false } = {}) {
  const { melds, discard } = outParts(text);
  const laid = melds.map((meld) => cardsPhrase(meld, spoken));
  const all = laid.length > 1 ? `${laid.slice(0, -1).join(spoken ? "; " : ", ")} and ${laid[laid.length - 1]}` : laid.join("");
  const phrases = [];
  if (all) phrases.push(`${past ? "melded" : "meld"} ${all}`);
  if (discard) phrases.push(`${past ? "discarded" : "discard"} ${cardPhrase(discard)}`);
  return phrases.join(", ");
}

/**
 * A take from the pile in words, with the cards above the one chosen that
 * come with it: "Take 2♦ and the 3♦ above it". A game option may leave
 * them in the pile (End of the Page's ``take_cards_above``, EOP-R2).
 */
function takeWords(move, view, spoken) {
  const cards = cardsPhrase(move.written, spoken);
  const pile = view ? view.pile : [];
  const depth = pile.indexOf(physical(move.written[0]));
  if (depth <= 0) return `Take ${cards} from the pile`;
  const above = pile.slice(0, depth).reverse().map(cardPhrase);
  const them = above.length === 1 ? above[0] : `${above.slice(0, -1).join(", ")} and ${above.at(-1)}`;
  if (view.options && view.options.take_cards_above === false) {
    return `Take ${cards} from under the ${them} (${above.length === 1 ? "it stays" : "they stay"} on the pile)`;
  }
  return `Take ${cards} and the ${them} above it`;
}

/**
 * A move in words for its button: "Claim [5 ← K♣★] on meld 1", "Meld 7♠ 8♠ 9♠";
 * ``top`` is the pile's top card, ``view`` the view the move is listed in;
 * ``spoken`` reads each wild aloud ("K♣ as a 5").
 */
export function moveWords(move, top = null, { spoken = false, view = null } = {}) {
  const cards = cardsPhrase(move.written, spoken);
  switch (move.kind) {
    case "draw":
      return "Draw from the stock";
    case "take":
      if (move.written.length) return takeWords(move, view, spoken);
      return top ? `Take the discard, ${cardPhrase(top)}` : "Take the discard";
    case "pass":
      return "Pass";
    case "done":
      return "Done";
    case "knock":
      return move.written.length ? `Knock, discarding ${cards}` : "Knock";
    case "drop":
      return "Drop out of the game";
    case "claim":
      return `Claim ${cards} on meld ${move.meld}`;
    case "meld":
      return `Meld ${cards}`;
    case "lay":
      return `Lay off ${cards} on meld ${move.meld}`;
    case "discard":
      return `Discard ${cards}`;
    case "out":
      return `Go out: ${outPhrase(move.text, { spoken })}`;
    default:
      return move.text;
  }
}
