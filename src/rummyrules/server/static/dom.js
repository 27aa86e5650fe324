// Small helpers to build the page from elements, never from HTML strings:
// every text the server sends is shown as text.

export const $ = (id) => document.getElementById(id);

const SVG = "http://www.w3.org/2000/svg";

/** An element with attributes and children (text or elements); never innerHTML. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  return fill(node, attributes, children);
}

/** An SVG element, built the same way as {@link el}. */
export function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  return fill(node, attributes, children);
}

function fill(node, attributes, children) {
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

export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
