import { ADMINS } from "../callers";
import type { ProcedureRow } from "./row";

/** User Management's table: a page of members, filtered (a query, so a read token may ask). */
export const userManagementRows: ProcedureRow[] = [
  { path: "users.page", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "users.page",
    tokens: "read",
    on: "filtered and paged",
    input: () => ({ search: "vic", type: "Standard", admin: false, page: 2, pageSize: 25 }),
    expect: ADMINS,
  },
];
