// Moving a card of the hand to another place: dragged with a pointer
// (mouse, pen or a finger) or moved with Alt+Left / Alt+Right from the
// keyboard. A drag that moved is not a click: it does not select the card.

import { cardWords } from "./cards.js";
import { $ } from "./dom.js";
import { moveCard } from "./handorder.js";

// How far a pointer goes before a press becomes a drag, in pixels.
const THRESHOLD = 8;
let drag = null;
let justDragged = false;

function cardsShown() {
  return [...$("hand").querySelectorAll("button.card")];
}

/** The place whose card is nearest to the point, rows weighing more than columns. */
function placeAt(boxes, x, y) {
  let best = 0;
  let nearest = Infinity;
  boxes.forEach((box, place) => {
    const dx = x - (box.left + box.width / 2);
    const dy = y - (box.top + box.height / 2);
    const distance = dx * dx + 4 * dy * dy;
    if (distance < nearest) [best, nearest] = [place, distance];
  });
  return best;
}

function say(node, place, count) {
  $("hand-said").textContent = `${cardWords(node.dataset.card)} moved to place ${place + 1} of ${count}.`;
}

function moved(node, from, to, redraw, { focus }) {
  if (!moveCard(from, to)) return;
  const index = node.dataset.index;
  redraw();
  const again = $("hand").querySelector(`button.card[data-index='${index}']`);
  if (again && focus) again.focus();
  if (again) say(again, to, cardsShown().length);
}

function start(event) {
  const node = event.target.closest("#hand button.card");
  if (!node || event.button !== 0) return;
  const nodes = cardsShown();
  drag = {
    node, x: event.clientX, y: event.clientY, from: nodes.indexOf(node),
    boxes: nodes.map((card) => card.getBoundingClientRect()), on: false, id: event.pointerId,
  };
}

function follow(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.on && Math.hypot(dx, dy) < THRESHOLD) return;
  if (!drag.on) {
    drag.on = true;
    drag.node.setPointerCapture(event.pointerId);
    drag.node.classList.add("dragging");
  }
  drag.node.style.transform = `translate(${dx}px, ${dy}px)`;
  const to = placeAt(drag.boxes, event.clientX, event.clientY);
  cardsShown().forEach((card, place) => card.classList.toggle("drop-here", place === to && place !== drag.from));
}

function finish(event, redraw) {
  if (!drag || event.pointerId !== drag.id) return;
  const { node, from, on, boxes } = drag;
  drag = null;
  if (!on) return;
  node.classList.remove("dragging");
  node.style.transform = "";
  justDragged = event.type === "pointerup";
  // The click that follows the release is the drag's, not a selection.
  setTimeout(() => { justDragged = false; }, 0);
  if (event.type === "pointerup") moved(node, from, placeAt(boxes, event.clientX, event.clientY), redraw, { focus: false });
  else redraw();
}

function key(event, redraw) {
  const node = event.target.closest("#hand button.card");
  if (!node || !event.altKey || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
  event.preventDefault();
  const from = cardsShown().indexOf(node);
  moved(node, from, from + (event.key === "ArrowLeft" ? -1 : 1), redraw, { focus: true });
}

let wired = false;

/** Let the player move the hand's cards; ``redraw`` shows the hand again in its new order. */
export function wireHand(redraw) {
  if (wired) return;
  wired = true;
  const hand = $("hand");
  hand.addEventListener("pointerdown", start);
  hand.addEventListener("pointermove", follow);
  hand.addEventListener("pointerup", (event) => finish(event, redraw));
  hand.addEventListener("pointercancel", (event) => finish(event, redraw));
  hand.addEventListener("keydown", (event) => key(event, redraw));
  hand.addEventListener("click", (event) => {
    if (!justDragged) return;
    event.stopPropagation();
    event.preventDefault();
  }, true);
}
