// The obligations in force for this seat: what the rules still ask of it
// this turn (a card taken that must be played, F14-9; a last card that must
// play, EOP-12; a knock's melds owed, GIN-5). The server sends them beside
// the view (``duties``, from the library's GameState.duties); nothing about
// the rules is worked out here.

import { signedText } from "./cards.js";
import { capital } from "./dom.js";
import { table } from "./state.js";

/** The duties the server last named for this seat: [{rule, text}]. */
export function duties() {
  const list = table.body && Array.isArray(table.body.duties) ? table.body.duties : [];
  return list.filter((duty) => duty && typeof duty.text === "string" && duty.text);
}

/** The duties as sentences, each with its rule: "You took 2♦ from the discard pile, so … (F14-9)." */
export function dutySentences(list = duties()) {
  return list.map((duty) => `${capital(signedText(duty.text))}${duty.rule ? ` (${duty.rule})` : ""}.`).join(" ");
}
