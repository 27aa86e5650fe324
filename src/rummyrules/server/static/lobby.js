// The lobby: choose a game, its options and who sits where, and create a
// table; the page then opens the first human seat's link.

import { api } from "./api.js";
import { $, el } from "./dom.js";

let games = [];
let seatKinds = [];

/** "Rule EOP-17" or "Ruling EOP-R4": rules.js makes the ID a link to its text. */
function ruleNote(rule) {
  if (!rule) return null;
  const ruling = /-R\d+$/.test(rule);
  return el("span", { class: "muted rule-note", "data-rule-note": rule }, `${ruling ? "Ruling" : "Rule"} ${rule}`);
}

/** An option's label: what it sets, in the game's words, not its identifier. */
function optionLabel(option) {
  const words = (option.doc || option.name.replaceAll("_", " ")).replace(/\.$/, "");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  const label = el("label", { for: id, title: `--${option.name.replaceAll("_", "-")} on the command line` }, optionLabel(option));
  let input;
  if (option.type === "bool") {
    input = el("input", { id, type: "checkbox", "data-option": option.name, "data-type": "bool" });
    input.checked = Boolean(option.default);
  } else if (Array.isArray(option.choices) && option.choices.length) {
    const words = option.words || option.choices;
    input = el("select", { id, "data-option": option.name, "data-type": option.type },
      option.choices.map((choice, at) => el("option", { value: String(choice) }, String(words[at]))));
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
  return el("p", { class: option.type === "bool" ? "option check" : "option" },
    option.type === "bool" ? [input, label] : [label, input], ruleNote(option.rule));
}

function seatRows() {
  const count = Number($("players").value) || 2;
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((select) => select.value);
  box.replaceChildren();
  for (let seat = 0; seat < count; seat += 1) {
    const id = `seat-${seat}`;
    // Seats are numbered from 1 where a person reads them; the API's from 0.
    const select = el("select", { id, "data-seat": seat },
      seatKinds.map((kind) => el("option", { value: kind.kind }, kind.name)));
    select.value = old[seat] || (seat === 0 ? "human" : "medium");
    box.append(el("p", { class: "option" }, el("label", { for: id }, `Seat ${seat + 1}`), select));
  }
}

function showSeatKinds() {
  $("seat-kinds").replaceChildren(...seatKinds.map((kind) =>
    el("li", { "data-kind": kind.kind }, el("strong", {}, kind.name), `: ${kind.about}`)));
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
  $("game-doc").textContent = game.description || "";
  $("options").replaceChildren(
    ...(game.options || []).filter((option) => option.name !== "players").map(optionInput));
}

export async function lobby() {
  document.body.dataset.state = "lobby";
  $("lobby").hidden = false;
  $("title").textContent = "Choose a game and who sits where";
  try {
    const known = await api("/api/games");
    games = known.games || [];
    seatKinds = known.seats || ["human", "greedy", "random"].map((kind) => ({ kind, name: kind, about: "" }));
  } catch (error) {
    $("lobby-error").textContent = `The games could not be loaded: ${error.message}`;
    return;
  }
  $("game").replaceChildren(...games.map((game) => el("option", { value: game.variant }, game.name)));
  showSeatKinds();
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
    $("lobby-error").textContent = "Make at least one seat a person: you.";
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
