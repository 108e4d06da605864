import type { AddressExpect, Expect, TokenNeed } from "../callers";
import type { Cell } from "../cell";

/** A row of the procedure table (see procedure-table.ts). */
export interface ProcedureRow {
  path: string;
  /** The least scope of an API token that may call it (read: queries; seed: what `club seed --url` writes). */
  tokens: TokenNeed;
  /** Tells rows of one procedure apart. */
  on?: string;
  input: (c: Cell) => unknown;
  expect: Expect;
  /**
   * Who receives the address of the member who hides it (`victim`), where the row names her. Left
   * out: no member does, and admins may (see AddressOutcome).
   */
  addresses?: AddressExpect;
}
