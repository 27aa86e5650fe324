// Card faces drawn by the page: each face is built here as inline SVG from
// its rank and suit (corner indices, a large suit sign or a court's letter),
// with no image files and no fonts needed for the suit signs. A wild card of
// the round carries a star and a gold band; a declared wild says on its band
// what it stands for.

import { el, svg } from "./dom.js";

export const SUITS = {
  S: { glyph: "\u2660", name: "spades", red: false },
  H: { glyph: "\u2665", name: "hearts", red: true },
  D: { glyph: "\u2666", name: "diamonds", red: true },
  C: { glyph: "\u2663", name: "clubs", red: false },
};
const RANK_WORDS = { A: "ace", J: "jack", Q: "queen", K: "king", T: "10" };
const COURTS = new Set(["J", "Q", "K"]);

// Each suit sign drawn in a 10 by 10 box, so that no font is needed for it.
const SUIT_PATHS = {
  H: "M5 9.4C3.6 8 0 5.6 0 2.9 0 1.2 1.2 0 2.7 0 3.8 0 4.6.7 5 1.6 5.4.7 6.2 0 7.3 0 8.8 0 10 1.2 10 2.9 10 5.6 6.4 8 5 9.4Z",
  D: "M5 0 9 5 5 10 1 5Z",
  S: "M5 0C6.4 1.6 10 3.9 10 6.3 10 7.8 8.9 8.7 7.6 8.7 6.7 8.7 6 8.2 5.6 7.5L6.4 10H3.6L4.4 7.5C4 8.2 3.3 8.7 2.4 8.7 1.1 8.7 0 7.8 0 6.3 0 3.9 3.6 1.6 5 0Z",
  C: "M5 0A2.5 2.5 0 0 1 7.1 3.8 2.5 2.5 0 1 1 5.7 7.4L6.5 10H3.5L4.3 7.4A2.5 2.5 0 1 1 2.9 3.8 2.5 2.5 0 0 1 5 0Z",
};
const INK = "#1a1a1a";
const RED = "#b00020";
const GOLD = "#f2c200";
const PURPLE = "#5b2a86";

/** A card's rank and suit from its text: "10H" is ["10", "H"]; the WILDCARD "*" has neither. */
export function parts(card) {
  if (card === "*") return { rank: "*", suit: null };
  return { rank: card.slice(0, -1), suit: SUITS[card.slice(-1)] ? card.slice(-1) : null };
}

/** The card a written card is in the hand: "8S=2" is the 8S. */
export function physical(card) {
  return card.split("=")[0].toUpperCase();
}

export function rankWord(rank) {
  return RANK_WORDS[rank] || rank;
}

/** A rank in the plural, as in "kings wild". */
export function rankPlural(rank) {
  const word = RANK_WORDS[rank];
  return word && word !== "10" ? `${word}s` : `${rank}s`;
}

/** Whether a card is wild this round: the WILDCARD always, a card of the round's wild rank. */
export function isWild(card, wild) {
  const face = physical(card);
  if (face === "*") return true;
  return Boolean(wild) && parts(face).rank === String(wild);
}

/** A card in signs for a sentence: "K♣", "10♥", "the WILDCARD"; a rank alone stays a rank. */
export function cardSign(card) {
  if (card === "*") return "\u2605";
  const { rank, suit } = parts(card);
  return suit ? `${rank}${SUITS[suit].glyph}` : card;
}

/** "an" before a rank said with a vowel (an A, an 8), else "a". */
function article(rank) {
  return rank === "A" || rank === "8" ? "an" : "a";
}

/** A written card in words with signs: "K♣ as a 5", "K♦ as 8♣"; a card written as itself is just the card. */
export function cardPhrase(text) {
  const [card, meaning] = text.split("=");
  if (!meaning || meaning === card) return cardSign(card);
  const { suit } = parts(meaning);
  return `${cardSign(card)} as ${suit ? cardSign(meaning) : `${article(meaning)} ${meaning}`}`;
}

/**
 * A written card as it stands in its meld: a wild shows the card it stands
 * for, then the wild itself, starred, "[5♥ ← 5♣★]"; a
 * natural card (or a wild written as itself) keeps its plain name. The same
 * form as the terminal's (cli/words.py); ``cardPhrase`` says it aloud.
 */
export function cardInMeld(text) {
  const [card, meaning] = text.split("=");
  if (!meaning || meaning === card) return cardSign(card);
  const star = card === "*" ? "" : "\u2605";
  return `[${cardSign(meaning)} \u2190 ${cardSign(card)}${star}]`;
}

/** How a card reads aloud: "7 of spades", "5 of clubs, wild", "8 of spades, wild, as a 2". */
export function cardWords(text, wild = null) {
  const [card, meaning] = text.split("=");
  let words;
  if (card === "*") words = "wildcard";
  else {
    const { rank, suit } = parts(card);
    words = suit ? `${rankWord(rank)} of ${SUITS[suit].name}` : card;
  }
  if (card !== "*" && (isWild(card, wild) || meaning)) words += ", wild";
  if (meaning) {
    const { rank, suit } = parts(meaning);
    words += suit ? `, as the ${cardWords(meaning)}` : `, as ${article(meaning)} ${rankWord(meaning || rank)}`;
  }
  return words;
}

function suitSign(suit, x, y, size) {
  const scale = size / 10;
  return svg("path", {
    d: SUIT_PATHS[suit],
    fill: SUITS[suit].red ? RED : INK,
    transform: `translate(${x} ${y}) scale(${scale})`,
  });
}

function star(cx, cy, r, fill) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 ? r * 0.42 : r;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return svg("polygon", { points: points.join(" "), fill, stroke: INK, "stroke-width": 0.6 });
}

function text(x, y, value, size, fill, anchor = "start") {
  return svg("text", {
    x, y, fill, "font-size": size, "font-weight": 700, "text-anchor": anchor,
    "font-family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    "letter-spacing": String(value).length > 1 ? -1 : 0,
  }, String(value));
}

/** The corner index: rank above suit, top left (and turned round, bottom right). */
function corner(rank, suit, colour) {
  return svg("g", {}, text(3, 13, rank, 12, colour), suitSign(suit, 3.5, 15.5, 7.5));
}

/** The band of a wild card: "WILD", or what a declared wild stands for. */
function wildBand(meaning) {
  const band = svg("g", { class: "wild-band" },
    svg("rect", { x: 0.5, y: 57, width: 49, height: 12.5, fill: GOLD }));
  if (!meaning) band.append(text(3, 67, "WILD", 9.5, INK));
  else {
    const { rank, suit } = parts(meaning);
    band.append(text(3, 67, `=${suit ? rank : meaning}`, 10, INK));
    if (suit) band.append(suitSign(suit, 5 + 6.5 * (rank.length + 1), 59.5, 7.5));
  }
  return band;
}

function frame(fill = "#fff") {
  return svg("rect", { x: 0.5, y: 0.5, width: 49, height: 69, rx: 4, fill, stroke: "#555", "stroke-width": 1 });
}

/** A face as an SVG element, 50 by 70 units. */
export function faceSvg(textValue, wild = null) {
  const [card, meaning] = textValue.split("=");
  const root = svg("svg", { viewBox: "0 0 50 70", class: "face", "aria-hidden": "true", focusable: "false" });
  root.append(frame());
  if (card === "*") {
    root.append(star(9, 10, 6.5, GOLD), star(25, 34, 15, "#c9a4ef"),
      text(25, 54, "WILD", 9, PURPLE, "middle"));
    root.append(wildBand(meaning));
    return root;
  }
  const { rank, suit } = parts(card);
  if (!suit) {
    root.append(text(25, 40, card, 12, INK, "middle"));
    return root;
  }
  const colour = SUITS[suit].red ? RED : INK;
  const wildHere = isWild(card, wild) || Boolean(meaning);
  root.append(corner(rank, suit, colour));
  root.append(svg("g", { transform: "rotate(180 25 35)" }, corner(rank, suit, colour)));
  if (COURTS.has(rank)) {
    root.append(svg("rect", { x: 14, y: 14, width: 22, height: 42, rx: 2, fill: SUITS[suit].red ? "#fbe3e7" : "#e4e8f0", stroke: colour, "stroke-width": 1 }),
      text(25, 38, rank, 17, colour, "middle"), suitSign(suit, 20.5, 42, 9));
  } else {
    root.append(suitSign(suit, 14, 22, 22));
  }
  if (wildHere) root.append(star(7.5, 31, 5, GOLD), wildBand(meaning));
  return root;
}

/** The back of a card. */
export function backSvg() {
  const root = svg("svg", { viewBox: "0 0 50 70", class: "face back", "aria-hidden": "true", focusable: "false" });
  let lines = "";
  for (let i = -60; i < 40; i += 7) lines += `M${i} 60L${i + 60} 0M${i} 0L${i + 60} 60`;
  // A nested viewport clips the lattice to the inner frame.
  const lattice = svg("svg", { x: 5, y: 5, width: 40, height: 60, viewBox: "0 0 40 60" },
    svg("path", { d: lines, stroke: "#4b7bc0", "stroke-width": 1, fill: "none" }));
  root.append(frame("#1d4f91"), lattice,
    svg("rect", { x: 4, y: 4, width: 42, height: 62, rx: 2, fill: "none", stroke: "#dbe6f5", "stroke-width": 1 }),
    svg("circle", { cx: 25, cy: 35, r: 7, fill: "#1d4f91", stroke: "#dbe6f5", "stroke-width": 1.2 }));
  return root;
}

/**
 * A card on the page: a span (or a button, ``tag: "button"``) with the face,
 * its text in ``data-card`` and its name in words for a screen reader.
 */
export function cardNode(textValue, { wild = null, tag = "span", extra = "" } = {}) {
  const [card] = textValue.split("=");
  const { suit } = parts(card);
  const classes = ["card"];
  if (suit && SUITS[suit].red) classes.push("red");
  if (isWild(textValue, wild) || textValue.includes("=")) classes.push("wild");
  if (extra) classes.push(extra);
  const words = cardWords(textValue, wild);
  const attributes = { class: classes.join(" "), "data-card": textValue, title: words };
  if (tag === "button") {
    attributes.type = "button";
    attributes["aria-label"] = words;
  } else {
    attributes.role = "img";
    attributes["aria-label"] = words;
  }
  return el(tag, attributes, faceSvg(textValue, wild));
}

/** A face-down card (someone's hand, the stock). */
export function backNode(extra = "") {
  return el("span", { class: `card back${extra ? ` ${extra}` : ""}`, "aria-hidden": "true" }, backSvg());
}

const CARD_IN_TEXT = /\b(?:10|[2-9AJQK])[SHDC]\b/g;

/** A sentence of the rules with each card in signs: "you took 2D" reads "you took 2♦". */
export function signedText(text) {
  return String(text).replace(CARD_IN_TEXT, (card) => cardSign(card));
}
