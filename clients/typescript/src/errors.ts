import type { Refusal } from "./types.js";

/** A request the server refused: its HTTP status, the rule ID (null when no rule refused) and the sentence. */
export class RefusalError extends Error {
  readonly status: number;
  readonly rule: string | null;
  readonly sentence: string;

  constructor(status: number, refusal: Refusal) {
    super(refusal.rule === null ? refusal.error : `${refusal.error} [${refusal.rule}]`);
    this.name = "RefusalError";
    this.status = status;
    this.rule = refusal.rule;
    this.sentence = refusal.error;
  }
}
