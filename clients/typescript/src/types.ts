// Names for the generated types a client uses, so that callers need not
// know the generators' spellings.
import type { components } from "./generated/api.js";
import type {
  View_EndOfThePage,
  View_FourteenHundred,
  View_GinRummy,
  View_GoingOutRummy,
} from "./generated/saved.js";

type Schemas = components["schemas"];
export type Games = Schemas["Games"];
export type NewTableRequest = Schemas["NewTableRequest"];
export type NewTable = Schemas["NewTable"];
export type Status = Schemas["Status"];
export type Answer = Schemas["Answer"];
export type Selection = Schemas["Selection"];
export type Record = Schemas["Record"];
export type Refusal = Schemas["Refusal"];
export type Variant = NewTableRequest["variant"];
export type SeatKind = NewTableRequest["seats"][number];
/** A seat's view of any of the four games: the `data` of an answer's `view`. */
export type View = View_EndOfThePage | View_FourteenHundred | View_GoingOutRummy | View_GinRummy;
