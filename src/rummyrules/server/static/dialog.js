// Asking before what cannot be undone (dropping out, leaving a game that is
// not over): the page's own <dialog>, with Cancel first and focused.

import { $ } from "./dom.js";

/** Ask the player; true when they confirm. Escape or Cancel is no. */
export function confirmAction({ title, text, confirm }) {
  const dialog = $("confirm");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = confirm;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
    dialog.showModal();
    $("confirm-cancel").focus();
  });
}
