// Rules at hand: every rule ID the page shows (a refusal's "(EOP-8)", an
// option's ruling, a log line) becomes a link to that rule's text in the rule
// book the server serves, /rules#EOP-8, opened beside the table in a new tab.
// Done once, here, for the whole page: the other modules write plain text and
// a MutationObserver wraps the IDs in what they add.

const RULE = /\b(?:EOP|F14|GOR|GIN|MELD|ALL)-R?\d+\b/g;

// Text where a link cannot go (controls, links, code) or must not (the hand).
const SKIP = new Set(["A", "BUTTON", "SELECT", "OPTION", "TEXTAREA", "INPUT", "SCRIPT", "STYLE", "LABEL", "SUMMARY"]);

function skipped(node) {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    if (SKIP.has(parent.tagName) || parent.namespaceURI !== "http://www.w3.org/1999/xhtml") return true;
    if (parent.dataset && parent.dataset.noRuleLinks !== undefined) return true;
  }
  return false;
}

/** A link to a rule of the rule book, opened in a new tab. */
export function ruleLink(rule) {
  const link = document.createElement("a");
  link.href = `/rules#${rule}`;
  link.className = "rule-link";
  link.target = "_blank";
  link.rel = "noopener";
  link.dataset.rule = rule;
  link.title = `Read rule ${rule} (opens the rule book in a new tab)`;
  link.textContent = rule;
  return link;
}

function linkText(node) {
  const text = node.nodeValue;
  // matchAll starts where the pattern's lastIndex stands: test with a copy.
  if (!text || !new RegExp(RULE.source).test(text) || skipped(node)) return;
  const parts = [];
  let last = 0;
  for (const found of text.matchAll(RULE)) {
    if (found.index > last) parts.push(document.createTextNode(text.slice(last, found.index)));
    parts.push(ruleLink(found[0]));
    last = found.index + found[0].length;
  }
  if (last < text.length) parts.push(document.createTextNode(text.slice(last)));
  node.replaceWith(...parts);
}

/** Wrap the rule IDs in the text under a node (or the text node itself). */
export function linkRules(root) {
  if (root.nodeType === Node.TEXT_NODE) {
    linkText(root);
    return;
  }
  if (root.nodeType !== Node.ELEMENT_NODE) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found = [];
  while (walker.nextNode()) found.push(walker.currentNode);
  found.forEach(linkText);
}

const observer = new MutationObserver((records) => {
  for (const record of records) {
    if (record.type === "characterData") linkRules(record.target);
    else record.addedNodes.forEach(linkRules);
  }
});

linkRules(document.body);
observer.observe(document.body, { childList: true, subtree: true, characterData: true });
