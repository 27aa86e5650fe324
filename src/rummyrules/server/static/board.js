// The table drawn as a card table: the other players seated round it with
// their cards face down, the stock and the discard pile in the middle, the
// melds numbered in the order they were laid, and the player's own hand.

import { backNode, cardNode, rankPlural } from "./cards.js";
import { $, el } from "./dom.js";
import { renderHand } from "./hand.js";
import { wildOf } from "./model.js";
import { seatName, seatTitle, table } from "./state.js";
import { placesNow, travel } from "./travel.js";

/** Where each other seat sits, seen from the player: the next seat on the left, round to the right. */
export function places(count, me) {
  const others = [];
  for (let step = 1; step < count; step += 1) others.push((me + step) % count);
  if (others.length === 1) return [{ seat: others[0], place: "top" }];
  if (others.length === 2) return [{ seat: others[0], place: "left" }, { seat: others[1], place: "right" }];
  return others.map((seat, index) => ({
    seat,
    place: index === 0 ? "left" : index === others.length - 1 ? "right" : "top",
  }));
}

function seatBox(view, seat) {
  const count = Number(view.handSizes[seat]) || 0;
  const dropped = Array.isArray(view.dropped) && view.dropped.includes(seat);
  const notes = [`${count} card${count === 1 ? "" : "s"}`];
  if (seat === view.dealer) notes.push("dealer");
  if (dropped) notes.push("dropped out");
  if (view.out === seat) notes.push("went out");
  if (view.knocker === seat) notes.push("knocked");
  const turn = seat === view.toMove;
  const fan = el("span", { class: "fan", "aria-hidden": "true" },
    Array.from({ length: Math.min(count, 8) }, () => backNode("small")));
  return el("li", {
    class: `seat${turn ? " to-move" : ""}${dropped ? " dropped" : ""}`,
    "data-seat": seat,
    "aria-current": turn ? "true" : null,
  }, el("span", { class: "seat-name" }, seatTitle(seat)), fan,
  el("span", { class: "count" }, notes.join(", ")), turn ? el("span", { class: "turn" }, "to move") : null);
}

function renderSeats(view) {
  const lists = { top: [], left: [], right: [] };
  for (const { seat, place } of places(view.handSizes.length, view.player)) {
    lists[place].push(seatBox(view, seat));
  }
  for (const place of Object.keys(lists)) $(`seats-${place}`).replaceChildren(...lists[place]);
  $("felt").dataset.others = String(Math.max(0, view.handSizes.length - 1));
}

function stockWords(view) {
  if (view.stockCount !== null && view.stockCount !== undefined) return `${view.stockCount}`;
  return view.stockSize ? String(view.stockSize) : "?";
}

function renderCentre(view) {
  const wild = wildOf(view);
  const empty = view.stockCount === 0 || view.stockSize === "empty";
  const words = stockWords(view);
  $("stock").replaceChildren(
    empty ? el("span", { class: "card slot" }, "empty") : backNode(),
    el("span", { class: "badge", "data-count": words }, words));
  $("stock").setAttribute("aria-label", `Stock: ${empty ? "empty" : `${words} cards`}`);
  // The pile drawn bottom first, so the top card lies over the others, whole.
  const cards = [...view.pile].reverse().map((card, index, all) => {
    const top = index === all.length - 1;
    const node = cardNode(card, { wild, extra: top ? "top" : "" });
    if (top && table.shownPileTop !== null && card !== table.shownPileTop) node.classList.add("arrived");
    return node;
  });
  $("pile").replaceChildren(...(cards.length ? cards : [el("span", { class: "card slot" }, "empty")]));
  table.shownPileTop = view.pile.length ? view.pile[0] : "";
}

export function renderMelds(view) {
  const wild = wildOf(view);
  if (!view.melds.length) {
    $("melds").replaceChildren(el("li", { class: "muted none" }, "No melds yet."));
    return;
  }
  $("melds").replaceChildren(...view.melds.map((meld, index) => {
    const number = index + 1;
    const owner = meld.owner;
    return el("li", { class: "meld", "data-meld": number, "data-owner": owner },
      el("span", { class: "meld-head" },
        el("span", { class: "meld-number" }, `${number}`),
        el("span", { class: "meld-owner" }, owner === null ? "" : seatTitle(owner))),
      el("span", { class: "sr" }, ` meld ${number}${meld.kind ? `, a ${meld.kind}` : ""}: `),
      el("span", { class: "cards fanned" }, meld.cards.map((card, at) => {
        const node = cardNode(card, { wild });
        const by = meld.playedBy[at];
        if (by !== undefined && by !== owner) {
          node.classList.add("laid-off");
          node.title += `, laid off by ${seatName(by)}`;
        }
        return node;
      })));
  }));
}

export function renderInfo(view) {
  const rows = [];
  const add = (term, ...value) => rows.push(el("dt", {}, term), el("dd", {}, ...value));
  const wild = wildOf(view);
  add("Game", (table.summary && table.summary.name) || view.variant);
  if (view.round !== undefined && view.round !== null) add("Round", String(view.round));
  if (wild) add("Wild", el("span", { id: "wild", "data-rank": wild }, `${rankPlural(wild)} are wild \u2605`));
  else if (view.variant === "GoingOutRummy" && Number(view.options.wildcards) > 0) {
    const count = Number(view.options.wildcards);
    add("Wild", el("span", { id: "wild", "data-rank": "*" },
      `${count} WILDCARD${count === 1 ? "" : "s"} \u2605 in the deck, always wild`));
  }
  if (view.faceUp) {
    add("Face-up wild card", el("span", { id: "face-up" }, cardNode(view.faceUp, { wild, extra: "mini" }),
      view.faceUpHolder === null || view.faceUpHolder === undefined ? "" : ` held by ${seatName(view.faceUpHolder)}`));
  }
  if (view.marker) add("Marker", cardNode(view.marker, { wild, extra: "mini" }));
  if (view.knockCard !== undefined && view.knockCard !== null) {
    add("Knock card", el("span", { id: "knock-card" }, view.knockCard === 0 ? "0: only gin" : `${view.knockCard}: knock with deadwood ${view.knockCard} or less`));
  }
  if (view.deadwood !== undefined && view.deadwood !== null) add("Your deadwood", String(view.deadwood));
  if (view.knocker !== undefined && view.knocker !== null) add("Knocked", seatName(view.knocker));
  if (view.claim) add("Claimable discard", cardNode(view.claim, { wild, extra: "mini" }));
  add("Phase", view.phase || "?");
  const seed = table.summary && table.summary.seed;
  if (seed) {
    // Every seat sees who chose the seed, and the commitment to check the record against.
    const who = seed.chosen_by === "creator" ? "chosen by the table's creator" : "chosen by the server";
    add("Seed", `${who}; commitment `, el("code", { id: "commitment", title: seed.commitment }, seed.commitment.slice(0, 16) + "\u2026"));
  }
  $("info").replaceChildren(...rows);
}

/** The side list of players: cards, score, dealer, who is to move. */
export function renderPlayers(view) {
  const count = view.handSizes.length;
  const dropped = Array.isArray(view.dropped) ? view.dropped : [];
  const items = [];
  for (let seat = 0; seat < count; seat += 1) {
    const notes = [];
    notes.push(`${view.handSizes[seat]} card${view.handSizes[seat] === 1 ? "" : "s"}`);
    if (Array.isArray(view.scores)) notes.push(`score ${view.scores[seat]}`);
    if (seat === view.dealer) notes.push("dealer");
    if (dropped.includes(seat)) notes.push("dropped out");
    if (view.out === seat) notes.push("went out");
    const turn = seat === view.toMove;
    items.push(el("li", { "data-seat": seat, class: turn ? "to-move" : null, "aria-current": turn ? "true" : null },
      el("strong", {}, seatTitle(seat)), turn ? " \u2190 to move" : "", el("br"),
      el("span", { class: "muted" }, notes.join(", "))));
  }
  $("seat-list").replaceChildren(...items);
}

export function renderBoard(view, options) {
  const seen = placesNow();
  renderInfo(view);
  renderPlayers(view);
  renderSeats(view);
  renderCentre(view);
  renderMelds(view);
  renderHand(view, options);
  travel(seen, view);
}
