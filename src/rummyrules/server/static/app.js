// The browser table for `rummyrules serve`: a lobby that creates tables and a
// table that shows one seat's view and sends that seat's moves. Every rule
// stays on the server: the page only shows the view it is sent and offers the
// legal moves listed in it; anything typed goes to the server, which refuses
// it with the rule it breaks.

const SUITS = {
  S: { glyph: "\u2660", name: "spades", red: false },
  H: { glyph: "\u2665", name: "hearts", red: true },
  D: { glyph: "\u2666", name: "diamonds", red: true },
  C: { glyph: "\u2663", name: "clubs", red: false },
};
const RANKS = {
  A: "ace", J: "jack", Q: "queen", K: "king", T: "10",
};
const WORDS = {
  draw: "Draw from the stock",
  take: "Take the discard",
  pass: "Pass",
  done: "Done",
  knock: "Knock",
  drop: "Drop out of the game",
};
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

// ---------------------------------------------------------------- the JSON

/** Cards as a list of their texts, from JSON format 2 (a space-joined string) or 3 (an array). */
export function cardsOf(value) {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((card) => String(card));
  return String(value).split(/\s+/).filter(Boolean);
}

/** The card a written card stands for in the hand: "8S=2" is the 8S. */
function physical(card) {
  return card.split("=")[0].toUpperCase();
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

/** One view in one shape, whichever JSON format version the server speaks. */
export function normaliseView(document) {
  const data = document && document.data ? document.data : document || {};
  const list = (value) => (Array.isArray(value) ? value : []);
  const melds = list(data.melds).map((entry) => {
    const inner = entry.meld && typeof entry.meld === "object" ? entry.meld : entry;
    return {
      kind: inner.kind || entry.kind || "",
      cards: cardsOf(inner.cards !== undefined ? inner.cards : entry.cards),
      owner: entry.owner === undefined ? null : entry.owner,
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
    toMove: data.to_move === undefined ? null : data.to_move,
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
    shownHands: list(data.shown_hands).map(cardsOf),
    roundResults: list(data.round_results),
    events: list(data.events),
  };
}

// ---------------------------------------------------------------- helpers

const $ = (id) => document.getElementById(id);

/** An element with attributes and children (text or elements); never innerHTML. */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "onclick") node.addEventListener("click", value);
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function rankWord(rank) {
  return RANKS[rank] || rank;
}

/** A rank in the plural, as in "kings wild". */
function rankPlural(rank) {
  const word = RANKS[rank];
  return word && word !== "10" ? `${word}s` : `${rank}s`;
}

/** How a card reads aloud: "7 of spades", "8 of spades as a 2". */
function cardWords(text) {
  const [card, meaning] = text.split("=");
  let words;
  if (card === "*") words = "wildcard";
  else {
    const suit = SUITS[card.slice(-1)];
    words = suit ? `${rankWord(card.slice(0, -1))} of ${suit.name}` : card;
  }
  if (meaning) words += ` as ${cardWords(meaning)}`;
  return words;
}

/** A card face: rank and suit sign, red or black, the meaning of a declared wild. */
function cardFace(text) {
  const [card, meaning] = text.split("=");
  const suit = SUITS[card.slice(-1)];
  const face = el("span", { class: "face", "aria-hidden": "true" });
  if (card === "*") face.append("\u2605");
  else if (suit) face.append(card.slice(0, -1), el("span", { class: "suit" }, suit.glyph));
  else face.append(card);
  const red = suit && suit.red;
  const parts = [face];
  if (meaning) parts.push(el("span", { class: "as", "aria-hidden": "true" }, `=${meaning}`));
  return { parts, red };
}

function cardSpan(text) {
  const { parts, red } = cardFace(text);
  return el("span", { class: `card${red ? " red" : ""}`, "data-card": text, title: cardWords(text) },
    el("span", { class: "sr" }, cardWords(text)), parts);
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((card, i) => card === y[i]);
}

// ---------------------------------------------------------------- the server

const params = new URLSearchParams(window.location.search);
const tableId = params.get("table");
const token = params.get("token");

async function api(path, options = {}) {
  const headers = { Accept: "application/json", ...(options.headers || {}) };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method: options.method || "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  let answer = null;
  try {
    answer = await response.json();
  } catch (error) {
    answer = { error: `the server answered ${response.status} without JSON`, rule: null };
  }
  if (!response.ok) {
    const problem = new Error((answer && answer.error) || `HTTP ${response.status}`);
    problem.rule = answer ? answer.rule : null;
    problem.status = response.status;
    throw problem;
  }
  return answer;
}

// ---------------------------------------------------------------- the lobby

let games = [];

function optionInput(option) {
  const id = `opt-${option.name}`;
  const label = el("label", { for: id }, option.name.replaceAll("_", " "));
  let input;
  if (option.type === "bool") {
    input = el("input", { id, type: "checkbox", "data-option": option.name, "data-type": "bool" });
    input.checked = Boolean(option.default);
  } else if (Array.isArray(option.choices) && option.choices.length) {
    input = el("select", { id, "data-option": option.name, "data-type": option.type },
      option.choices.map((choice) => el("option", { value: String(choice) }, String(choice))));
    input.value = String(option.default);
  } else {
    const number = option.type === "int";
    input = el("input", {
      id,
      type: number ? "number" : "text",
      step: number ? "1" : null,
      "data-option": option.name,
      "data-type": option.type,
      // Left empty, an option keeps the game's default, which may follow the
      // table size (decks in End of the Page and 1400): so it is only shown.
      placeholder: option.default === null || option.default === undefined ? "none" : `default: ${option.default}`,
    });
    input.value = "";
  }
  input.dataset.default = option.type === "bool" ? String(Boolean(option.default)) : input.value;
  const about = [option.doc, option.rule ? `(${option.rule})` : ""].filter(Boolean).join(" ");
  const doc = about ? el("span", { class: "muted doc" }, about) : null;
  return el("p", { class: option.type === "bool" ? "option check" : "option" },
    option.type === "bool" ? [input, label] : [label, input], doc);
}

function seatRows() {
  const count = Number($("players").value) || 2;
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((select) => select.value);
  box.replaceChildren();
  for (let seat = 0; seat < count; seat += 1) {
    const id = `seat-${seat}`;
    const select = el("select", { id, "data-seat": seat },
      ["human", "greedy", "random"].map((kind) => el("option", { value: kind }, kind)));
    select.value = old[seat] || (seat === 0 ? "human" : "greedy");
    box.append(el("p", { class: "option" }, el("label", { for: id }, `Player ${seat}`), select));
  }
}

function showGame() {
  const game = games.find((item) => item.variant === $("game").value);
  if (!game) return;
  const players = game.players || { min: 2, max: 2, default: 2 };
  const input = $("players");
  input.min = players.min;
  input.max = players.max;
  input.value = players.default;
  input.disabled = players.min === players.max;
  seatRows();
  $("game-doc").textContent = game.doc || "";
  $("options").replaceChildren(
    ...(game.options || []).filter((option) => option.name !== "players").map(optionInput));
}

async function lobby() {
  document.body.dataset.state = "lobby";
  $("lobby").hidden = false;
  $("title").textContent = "Choose a game and who sits where";
  try {
    games = (await api("/api/games")).games || [];
  } catch (error) {
    $("lobby-error").textContent = `The games could not be loaded: ${error.message}`;
    return;
  }
  $("game").replaceChildren(...games.map((game) => el("option", { value: game.variant }, game.name)));
  $("game").addEventListener("change", showGame);
  $("players").addEventListener("change", seatRows);
  showGame();
  $("lobby-form").addEventListener("submit", createTable);
  document.body.dataset.ready = "true";
}

/** The options the player changed; the rest keep the game's defaults, some of which follow the table size. */
function readOptions(game, players) {
  const options = {};
  if ((game.options || []).some((option) => option.name === "players")) options.players = players;
  for (const input of $("options").querySelectorAll("[data-option]")) {
    if (input.dataset.type === "bool" ? String(input.checked) === input.dataset.default
      : input.value.trim() === "" || input.value === input.dataset.default) continue;
    const name = input.dataset.option;
    if (input.dataset.type === "bool") options[name] = input.checked;
    else if (input.dataset.type === "int") options[name] = Number(input.value);
    else options[name] = input.value;
  }
  return options;
}

async function createTable(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const seats = [...$("seats").querySelectorAll("select")].map((select) => select.value);
  if (!seats.includes("human")) {
    $("lobby-error").textContent = "Seat at least one human player: you.";
    return;
  }
  const seedText = $("seed").value.trim();
  const body = {
    variant: $("game").value,
    options: readOptions(games.find((game) => game.variant === $("game").value) || {}, seats.length),
    seats,
    seed: seedText === "" ? null : Number(seedText),
  };
  $("create").disabled = true;
  try {
    const table = await api("/api/tables", { method: "POST", body });
    const humans = table.seats.filter((seat) => seat.token);
    sessionStorage.setItem(`rummyrules-invites-${table.table}`, JSON.stringify(humans.slice(1)));
    const me = humans[0];
    window.location.assign(`/?table=${encodeURIComponent(table.table)}&token=${encodeURIComponent(me.token)}`);
  } catch (error) {
    $("lobby-error").textContent = error.rule ? `${error.message} (${error.rule})` : error.message;
    $("create").disabled = false;
  }
}

// ---------------------------------------------------------------- the table

const table = {
  summary: null,
  reconnects: 0,
  body: null,
  view: null,
  version: null,
  selected: [],
  handKey: "",
  socket: null,
  live: false,
  busy: false,
  logged: 0,
  record: null,
  declined: null,
  lastResult: null,
};

function seatName(seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (table.view && seat === table.view.player) return `you (player ${seat})`;
  const kinds = table.summary && table.summary.seats;
  const kind = kinds && kinds[seat];
  const label = typeof kind === "string" ? kind : kind && kind.kind;
  return label && label !== "human" ? `player ${seat} (${label} bot)` : `player ${seat}`;
}

/** A seat's name where room is short (table headings): "You", "Player 2". */
function shortName(seat) {
  return table.view && seat === table.view.player ? "You" : `Player ${seat}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function showInvites() {
  const stored = sessionStorage.getItem(`rummyrules-invites-${tableId}`);
  const seats = stored ? JSON.parse(stored) : [];
  $("invites").hidden = seats.length === 0;
  $("invite-list").replaceChildren(...seats.map((seat) => {
    const link = `${window.location.origin}/?table=${encodeURIComponent(tableId)}&token=${encodeURIComponent(seat.token)}`;
    return el("li", {}, `Player ${seat.seat}: `,
      el("a", { href: link, "data-invite": seat.seat, target: "_blank", rel: "noopener" }, link));
  }));
}

function isOver(view) {
  return view.phase === "over" || (view.toMove === null && view.phase !== "");
}

/** What kind of moment this is for the seat: its turn, a chance out of turn, waiting, over. */
function moment(view) {
  if (isOver(view)) return "over";
  if (view.toMove === view.player) return "yourturn";
  if (table.declined !== table.version && view.moves.some((move) => move.kind !== "drop")) return "offer";
  return "waiting";
}

function setBusy(busy) {
  table.busy = busy;
  document.body.dataset.busy = busy ? "true" : "false";
  for (const button of document.querySelectorAll("#actions button, #choices button, #all-moves button, #typed button")) {
    button.disabled = busy;
  }
}

function showError(message, rule) {
  const text = rule && !String(message).includes(`(${rule})`) ? `${message} (${rule})` : String(message);
  $("error").textContent = text;
  if (rule) $("error").dataset.rule = rule;
  else delete $("error").dataset.rule;
}

/**
 * Show a body of the server (an update, a view, a move's answer).
 * ``events`` says whether its events join the log: each stream of updates
 * (the WebSocket, or the long poll) brings every event once, so the answer
 * to a move sent while polling shows the view only.
 */
function applyBody(body, { fresh = false, events = true } = {}) {
  if (!body || !body.view) return;
  table.body = body;
  table.view = normaliseView(body.view);
  const newer = body.version !== table.version;
  table.version = body.version;
  if (events) addEvents(Array.isArray(body.events) ? body.events : [], fresh);
  if (!newer && !fresh) return;
  const key = table.view.hand.join(" ");
  if (key !== table.handKey) {
    table.handKey = key;
    table.selected = [];
  }
  if (newer || fresh) setBusy(false);
  render();
}

function addEvents(events, fresh) {
  const log = $("log");
  if (fresh) log.replaceChildren();
  for (const event of events) {
    if (event && event.kind === "round_ended" && event.result) table.lastResult = event.result;
    log.append(el("li", { "data-kind": event.kind || "" }, describeEvent(event)));
  }
  log.scrollTop = log.scrollHeight;
  document.body.dataset.events = String(log.children.length);
}

/** The text of a move in an event: a move object (format 3) or its text (2). */
function moveTextOf(move) {
  if (move === null || move === undefined) return "";
  return typeof move === "string" ? move : String(move.text || "");
}

/** One line of the log for an event the server sent. */
export function describeEvent(event) {
  if (typeof event === "string") return event;
  if (event.text) return String(event.text);
  const who = event.player === null || event.player === undefined ? "" : capital(seatName(event.player));
  const cards = cardsOf(event.cards);
  const move = moveTextOf(event.move);
  // The cards as the move wrote them, wild cards declared, when the move says.
  const written = move ? parseMove(move).written : [];
  const shown = (written.length ? written : cards).join(" ");
  const hidden = Number(event.hidden || event.count || 0);
  const some = (count) => (count === 1 ? "a card" : `${count} cards`);
  switch (event.kind) {
    case "draw":
      return `${who} drew ${cards.length ? cards.join(" ") : some(hidden || 1)} from the stock.`;
    case "take":
      return `${who} took ${cards.length ? cards.join(" ") : some(hidden || 1)} from the discard pile.`;
    case "meld":
      return `${who} laid meld ${event.meld}: ${shown}.`;
    case "lay_off":
    case "lay":
      return `${who} laid ${shown} off on meld ${event.meld}.`;
    case "claim":
      return `${who} claimed ${shown} onto meld ${event.meld}.`;
    case "discard":
      return `${who} discarded ${shown}.`;
    case "go_out":
    case "out":
      return `${who} went out: ${move.replace(/^(\d+:\s*)?out\s+/, "") || shown}.`;
    case "pass":
      return `${who} passed.`;
    case "done":
      return `${who} is done.`;
    case "knock":
      return `${who} knocked.`;
    case "drop":
      return `${who} dropped out of the game.`;
    case "reshuffled":
      return "The stock ran out and was rebuilt from the discard pile.";
    case "went_out":
      return `${who} went out.`;
    case "round_ended": {
      const result = event.result || {};
      const net = Array.isArray(result.net) && result.net.length ? ` Scores: ${result.net.map((n, seat) => `${seatName(seat)} ${n > 0 ? "+" : ""}${n}`).join(", ")}.` : "";
      return `Round ${result.round !== undefined ? result.round : ""} is over.${net}`.replace("Round  is", "The round is");
    }
    case "dealt":
      return `${who} dealt${event.round ? ` round ${event.round}` : ""}.`;
    case "game_ended": {
      const winners = Array.isArray(event.winners) ? event.winners : [];
      return winners.length ? `The game is over: ${winners.map(seatName).join(" and ")} won.` : "The game is over, with no winner.";
    }
    default: {
      const parts = [String(event.kind || "event").replaceAll("_", " ")];
      if (move) parts.push(move);
      else if (cards.length) parts.push(cards.join(" "));
      if (event.meld !== undefined && event.meld !== null) parts.push(`on meld ${event.meld}`);
      return `${who ? `${who}: ` : ""}${parts.join(" ")}`;
    }
  }
}

function render() {
  const view = table.view;
  const state = moment(view);
  document.body.dataset.state = state;
  document.body.dataset.version = table.version || "";
  document.body.dataset.variant = view.variant;
  document.body.dataset.phase = view.phase;
  renderStatus(view, state);
  renderInfo(view);
  renderPlayers(view);
  renderMelds(view);
  $("pile").replaceChildren(...(view.pile.length ? view.pile.map(cardSpan) : [el("span", { class: "muted" }, "empty")]));
  renderHand(view);
  renderMoves(view);
  renderRoundResult(view);
  renderScores(view);
  renderOver(view, state);
}

function renderStatus(view, state) {
  let text;
  if (state === "over") {
    text = view.winners.length
      ? `Game over: ${view.winners.map(seatName).join(" and ")} won.`
      : "Game over, with no winner.";
  } else if (state === "yourturn") {
    text = `Your turn: ${PROMPTS[view.phase] || view.phase}.`;
  } else if (state === "offer") {
    text = `${capital(seatName(view.toMove))} is to move; you may act out of turn.`;
  } else {
    text = `Waiting for ${seatName(view.toMove)}.`;
  }
  $("status").textContent = text;
  $("status").dataset.state = state;
}

function renderInfo(view) {
  const rows = [];
  const add = (term, ...value) => rows.push(el("dt", {}, term), el("dd", {}, ...value));
  add("Game", (table.summary && table.summary.name) || view.variant);
  if (view.round !== undefined && view.round !== null) add("Round", String(view.round));
  if (view.wild !== undefined && view.wild !== null) add("Wild rank", el("span", { id: "wild", "data-rank": view.wild }, rankPlural(view.wild)));
  if (view.faceUp) {
    add("Face-up wild card", el("span", { id: "face-up" }, cardSpan(view.faceUp),
      view.faceUpHolder === null || view.faceUpHolder === undefined ? "" : ` held by ${seatName(view.faceUpHolder)}`));
  }
  if (view.marker) add("Marker", cardSpan(view.marker));
  if (view.knockCard !== undefined && view.knockCard !== null) add("Knock at", `${view.knockCard} or less`);
  if (view.knocker !== undefined && view.knocker !== null) add("Knocked", seatName(view.knocker));
  if (view.claim) add("Claimable discard", cardSpan(view.claim));
  add("Stock", view.stockCount === null || view.stockCount === undefined
    ? String(view.stockSize || "?") : `${view.stockCount} cards`);
  add("Phase", view.phase || "?");
  const seed = table.summary && table.summary.seed;
  if (seed) {
    // Every seat sees who chose the seed, and the commitment to check the record against.
    const who = seed.chosen_by === "creator" ? "chosen by the table's creator" : "chosen by the server";
    add("Seed", `${who}; commitment `, el("code", { id: "commitment", title: seed.commitment }, seed.commitment.slice(0, 16) + "\u2026"));
  }
  $("info").replaceChildren(...rows);
}

function renderPlayers(view) {
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
      el("strong", {}, capital(seatName(seat))), turn ? " \u2190 to move" : "", el("br"),
      el("span", { class: "muted" }, notes.join(", "))));
  }
  $("seat-list").replaceChildren(...items);
}

function renderMelds(view) {
  if (!view.melds.length) {
    $("melds").replaceChildren(el("p", { class: "muted" }, "No melds yet."));
    return;
  }
  const owners = [...new Set(view.melds.map((meld) => meld.owner))].sort((a, b) => a - b);
  $("melds").replaceChildren(...owners.map((owner) => el("div", { class: "owner", "data-owner": owner },
    el("h3", {}, `${capital(seatName(owner))}`),
    el("ul", { class: "meld-list" }, view.melds.map((meld, index) => meld.owner !== owner ? null
      : el("li", { class: "meld", "data-meld": index + 1 },
        el("span", { class: "meld-number" }, `${index + 1}`),
        el("span", { class: "sr" }, ` meld ${index + 1}, a ${meld.kind}: `),
        el("span", { class: "cards" }, meld.cards.map((card, at) => {
          const span = cardSpan(card);
          const by = meld.playedBy[at];
          if (by !== undefined && by !== owner) {
            span.classList.add("laid-off");
            span.title += `, laid off by ${seatName(by)}`;
          }
          return span;
        }))))))));
}

function renderHand(view) {
  const buttons = view.hand.map((card, index) => {
    const { parts, red } = cardFace(card);
    const chosen = table.selected.includes(index);
    return el("button", {
      type: "button",
      class: `card${red ? " red" : ""}${chosen ? " selected" : ""}`,
      "data-card": card,
      "data-index": index,
      "aria-pressed": chosen ? "true" : "false",
      "aria-label": cardWords(card),
      onclick: () => toggle(index),
    }, parts);
  });
  $("hand").replaceChildren(...(buttons.length ? buttons : [el("span", { class: "muted" }, "no cards")]));
}

function toggle(index) {
  const at = table.selected.indexOf(index);
  if (at >= 0) table.selected.splice(at, 1);
  else table.selected.push(index);
  renderHand(table.view);
  renderMoves(table.view);
}

function moveButton(move, label) {
  return el("button", {
    type: "button",
    class: `move kind-${move.kind}`,
    "data-move": move.text,
    disabled: table.busy,
    onclick: () => send(move.text),
  }, label || move.text);
}

/** Buttons for the moves the selected cards make; several readings become choices. */
function selectionButtons(view, selected) {
  const actions = [];
  const choices = [];
  const offer = (label, moves) => {
    if (moves.length === 1) actions.push(moveButton(moves[0], label));
    else if (moves.length > 1) {
      choices.push(el("p", { class: "choice-label" }, `${label}: the cards can be read ${moves.length} ways`));
      for (const move of moves) choices.push(moveButton(move, move.text));
    }
  };
  if (!selected.length) return { actions, choices };
  offer("Meld", view.moves.filter((move) => move.kind === "meld" && sameCards(move.cards, selected)));
  const lays = view.moves.filter((move) => move.kind === "lay" && sameCards(move.cards, selected));
  for (const meld of [...new Set(lays.map((move) => move.meld))].sort((a, b) => a - b)) {
    offer(`Lay off on meld ${meld}`, lays.filter((move) => move.meld === meld));
  }
  offer(`Discard ${selected.join(" ")}`, view.moves.filter((move) => move.kind === "discard" && sameCards(move.cards, selected)));
  return { actions, choices };
}

function renderMoves(view) {
  const selected = table.selected.map((index) => view.hand[index]).filter(Boolean);
  const actions = [];
  const viaSelection = new Set(["meld", "lay", "discard"]);
  for (const move of view.moves) {
    if (viaSelection.has(move.kind)) continue;
    if (move.kind === "claim" && table.declined === table.version) continue;
    let label = WORDS[move.kind];
    if (move.kind === "take" && move.cards.length) label = `Take ${move.cards.join(" ")} from the pile`;
    else if (move.kind === "claim") label = `Claim ${move.written.join(" ")} on meld ${move.meld}`;
    else if (move.kind === "out") label = `Go out: ${move.text.replace(/^out\s+/, "")}`;
    actions.push(moveButton(move, label || move.text));
  }
  const isClaimOffer = view.toMove !== view.player && table.declined !== table.version
    && view.moves.some((move) => move.kind === "claim");
  if (isClaimOffer) {
    actions.push(el("button", { type: "button", id: "decline", class: "move", disabled: table.busy, onclick: decline },
      "Decline the claim"));
  }
  const picked = selectionButtons(view, selected);
  actions.push(...picked.actions);
  if (selected.length && !picked.actions.length && !picked.choices.length) {
    const hint = view.moves.some((move) => viaSelection.has(move.kind)
      && selected.every((card) => move.cards.includes(card)))
      ? "Select more cards to make a move with them."
      : "No listed move uses exactly these cards; you can still type one below.";
    picked.choices.push(el("p", { class: "muted", id: "selection-hint" }, hint));
  }
  if (!actions.length && !picked.choices.length) {
    actions.push(el("p", { class: "muted" }, view.moves.length ? "Select cards from your hand." : "No moves for you now."));
  }
  $("actions").replaceChildren(...actions);
  $("choices").replaceChildren(...picked.choices);
  $("all-moves").replaceChildren(...view.moves.map((move) => moveButton(move)));
  $("all-moves-box").hidden = view.moves.length === 0;
}

/** A counted round as a table: a column a player, a row a part of the count. */
function resultTable(view, result) {
  const players = view.handSizes.length;
  const parts = [
    ["hands", "Hand counted"],
    ["melded", "Melded"],
    ["in_hand", "In hand"],
    ["bonus", "Bonus"],
    ["net", "Net"],
  ].filter(([key]) => Array.isArray(result[key]) && result[key].length);
  const cell = (key, value) => {
    if (key === "hands") {
      const cards = cardsOf(value);
      return el("td", { class: "cards" }, cards.length ? cards.map(cardSpan) : "\u2014");
    }
    return el("td", {}, value === null || value === undefined ? "\u2014" : String(value));
  };
  const head = el("tr", {}, el("td", {}),
    Array.from({ length: players }, (_, seat) => el("th", { scope: "col" }, shortName(seat))));
  const rows = parts.map(([key, title]) => el("tr", { class: key === "net" ? "total" : null },
    el("th", { scope: "row" }, title),
    Array.from({ length: players }, (_, seat) => cell(key, result[key][seat]))));
  let caption = result.round !== undefined && result.round !== null ? `Round ${result.round}` : "The hand";
  if (result.went_out !== undefined && result.went_out !== null) {
    caption += `: ${seatName(result.went_out)} ${view.variant === "GinRummy" ? "knocked" : "went out"}`;
  }
  if (result.rule) caption += ` (${result.rule})`;
  return [el("p", { class: "caption" }, caption),
    el("table", { class: "result", "data-round": result.round },
      el("thead", {}, head), el("tbody", {}, rows))];
}

function renderRoundResult(view) {
  const blocks = [];
  // The last round counted: from the view where it has them, else from the log.
  const last = view.roundResults.length ? view.roundResults[view.roundResults.length - 1] : table.lastResult;
  if (last) blocks.push(...resultTable(view, last));
  if (view.shownHands.length && view.shownHands.some((hand) => hand.length)) {
    blocks.push(el("h3", {}, "Hands shown"), el("ul", {}, view.shownHands.map((hand, seat) =>
      el("li", { "data-seat": seat }, `${capital(seatName(seat))}: `,
        el("span", { class: "cards" }, hand.length ? hand.map(cardSpan) : "no cards")))));
  }
  $("round-box").hidden = blocks.length === 0;
  $("round-result").replaceChildren(...blocks);
}

function renderScores(view) {
  const sheet = view.scoreSheet || [];
  const players = view.handSizes.length;
  if (view.scoreSheet === null && !Array.isArray(view.scores)) {
    $("scores").replaceChildren(el("p", { class: "muted" }, "This game keeps no score: the first out wins."));
    return;
  }
  const head = el("tr", {}, el("th", { scope: "col" }, "Round"),
    Array.from({ length: players }, (_, seat) => el("th", { scope: "col" }, shortName(seat))));
  const rows = sheet.map((row, index) => el("tr", {}, el("th", { scope: "row" }, String(index + 1)),
    (Array.isArray(row) ? row : []).map((value) => el("td", {}, String(value)))));
  let totals = view.scores;
  if (!Array.isArray(totals)) {
    totals = Array.from({ length: players }, (_, seat) => sheet.reduce((sum, row) => sum + (Number(row[seat]) || 0), 0));
  }
  rows.push(el("tr", { class: "total" }, el("th", { scope: "row" }, "Total"),
    totals.map((value) => el("td", {}, String(value)))));
  $("scores").replaceChildren(el("table", { class: "sheet" }, el("thead", {}, head), el("tbody", {}, rows)));
}

function renderOver(view, state) {
  const over = state === "over";
  $("gameover").hidden = !over;
  if (!over) return;
  $("winners").textContent = view.winners.length
    ? `Winner${view.winners.length > 1 ? "s" : ""}: ${view.winners.map(seatName).join(", ")}.`
    : "Nobody won.";
  const link = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("record-link").href = link;
  if (table.record === null) {
    table.record = "";
    api(link).then((answer) => {
      table.record = answer.record || "";
      $("record").textContent = table.record;
      $("record").hidden = !table.record;
      const file = new Blob([table.record], { type: "text/plain" });
      $("record-link").href = URL.createObjectURL(file);
      $("record-link").download = `rummyrules-${tableId}.txt`;
    }).catch((error) => {
      table.record = null;
      $("record").hidden = false;
      $("record").textContent = `The record could not be loaded: ${error.message}`;
    });
  }
}

// ---------------------------------------------------------------- moves

function send(text) {
  const move = text.trim();
  if (!move || table.busy) return;
  showError("", null);
  setBusy(true);
  if (table.live && table.socket && table.socket.readyState === WebSocket.OPEN) {
    table.socket.send(JSON.stringify({ type: "move", move }));
    return;
  }
  post(`/api/tables/${encodeURIComponent(tableId)}/moves`, { move });
}

/** Let a claim go (1400). Over HTTP even when live: a decline the bots do not answer changes no version, so no update would come. */
async function decline() {
  if (table.busy) return;
  showError("", null);
  setBusy(true);
  table.declined = table.version;
  // The version seen: a claim let go is the one on the screen, not a newer one.
  await post(`/api/tables/${encodeURIComponent(tableId)}/decline`, { version: table.version });
  render();
}

async function post(path, body) {
  try {
    const answer = await api(path, { method: "POST", body });
    applyBody(answer, { events: false });
    setBusy(false);
  } catch (error) {
    showError(error.message, error.rule);
    setBusy(false);
  }
}

// ---------------------------------------------------------------- updates

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${window.location.host}/api/tables/${encodeURIComponent(tableId)}/ws?token=${encodeURIComponent(token)}`;
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

async function poll() {
  if (polling) return;
  polling = true;
  $("connection").textContent = "Polling";
  // The poll's own place in the stream of versions: a move's answer may
  // move table.version on, but its events come in the next poll's answer.
  let since = null;
  while (!table.live) {
    const query = since === null ? "" : `since=${encodeURIComponent(since)}&`;
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/view?${query}wait=25`);
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

async function openTable() {
  $("table").hidden = false;
  showInvites();
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    send($("move-text").value);
  });
  try {
    table.summary = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    $("title").textContent = table.summary.name || table.summary.variant || "";
    document.title = `${$("title").textContent} \u2013 rummyrules`;
  } catch (error) {
    showError(`No such table: ${error.message}`, error.rule);
    return;
  }
  document.body.dataset.ready = "true";
  if ("WebSocket" in window && !params.has("poll")) connect();
  else poll();
}

if (tableId && token) openTable();
else lobby();
