import { adminRows } from "./procedure-table/admin";
import { adminMailRows } from "./procedure-table/admin-mail";
import { conversationRows } from "./procedure-table/conversations";
import { eventRows } from "./procedure-table/events";
import { herSettingsRows } from "./procedure-table/her-settings";
import { mediaRows } from "./procedure-table/media";
import { memberRows } from "./procedure-table/members";
import { membershipRows } from "./procedure-table/membership";
import type { ProcedureRow } from "./procedure-table/row";
import { signInRows } from "./procedure-table/sign-in";
import { travelRows } from "./procedure-table/travel";
import { userManagementRows } from "./procedure-table/user-management";

export type { ProcedureRow };

/**
 * The procedure table: every tRPC procedure with a valid input, and who may call it (one row per
 * case where the answer depends on what the input names). Two tests read it:
 * - the permission table (packages/api/src/permissions.test.ts): every procedure × every kind of
 *   caller → allowed ("ok") or the refusal's code. A procedure without a row fails it, so a new
 *   procedure cannot ship without deciding who may call it.
 * - the fuzzer (apps/server/src/fuzz.test.ts): each procedure over HTTP, from a row's valid input
 *   with one part spoiled, never answers 5xx.
 * Inputs are made on fresh rows (a `Cell`), so a delete in one cannot change another's answer.
 * The rows live in procedure-table/, a file per part of the club.
 */
export const procedureRows: ProcedureRow[] = [
  ...signInRows,
  ...membershipRows,
  ...adminRows,
  ...userManagementRows,
  ...adminMailRows,
  ...eventRows,
  ...herSettingsRows,
  ...mediaRows,
  ...memberRows,
  ...travelRows,
  ...conversationRows,
];
