import type { SessionUser } from "@club/auth";
import { profiles } from "@club/db";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "./root";
import {
  type AddressOutcome,
  freshCell,
  NO_ADDRESS,
  type Outcome,
  type Role,
  type ProcedureRow as Row,
  roles,
  procedureRows as rows,
  type TokenRole,
  tokenOutcome,
  tokenRoles,
} from "./test";
import { type TestApi, testApi } from "./test/api";
import { procedureAccess } from "./trpc";

/**
 * The permission table: every procedure × every kind of caller → allowed ("ok") or the refusal's
 * code (the rows, shared with the fuzzer, are in test/procedure-table.ts). A procedure without a
 * row fails the first test, so a new procedure cannot ship without deciding who may call it. Each
 * cell runs on fresh rows, so a delete in one cell cannot change another's answer.
 *
 * Each answer is also searched for the e-mail address of `victim`, who hides it from other members
 * and is named by every cell (she goes to its open event and comments on it): only admins may
 * receive it, and a row that names her says who does (AddressOutcome). A new procedure that hands
 * her address to a member fails its row, whether or not the row thought of it.
 */
let api: TestApi;
let people: Record<Exclude<Role, "anonymous">, SessionUser> & { victim: SessionUser };
const VICTIM_EMAIL = "victim@club.test";

beforeAll(async () => {
  api = await testApi();
  people = {
    standard: await api.member("standard@club.test", { type: "Standard" }),
    founding: await api.member("founding@club.test", { type: "Founding" }),
    other: await api.member("other@club.test", { type: "Travel Host" }),
    owner: await api.member("owner@club.test", { type: "Founding" }),
    admin: await api.member("admin@club.test", { type: "Standard", admin: true }),
    mustChange: await api.member("temp@club.test", { type: "Founding", mustChangePassword: true }),
    victim: await api.member(VICTIM_EMAIL),
  };
  // "Show my e-mail address to other members" off, as she chose in Settings → Profile.
  await api.db.insert(profiles).values({ userId: people.victim.id, showEmail: false });
  await api.member("login@club.test");
});
afterAll(() => api.close());

const tokenRoleNames = Object.keys(tokenRoles) as TokenRole[];

/** What a caller gets: allowed or the refusal's code, and whether the answer holds the hiding member's address. */
async function outcome(row: Row, role: Role | TokenRole): Promise<{ outcome: Outcome; address: AddressOutcome }> {
  const token = role in tokenRoles ? tokenRoles[role as TokenRole] : undefined;
  const person = token ? token.as : (role as Role);
  const me = person === "anonymous" ? null : people[person];
  const cell = await freshCell({ db: api.db, jobs: api.jobs, people }, me);
  const input = await row.input(cell);
  const apiToken = token ? { id: `token-of-${role}`, scope: token.scope } : null;
  // The router keeps procedures flat by dotted path; the caller reaches them by the same path.
  let target: unknown = api.callerFor(me, { apiToken });
  for (const key of row.path.split(".")) target = (target as Record<string, unknown>)[key];
  try {
    const answer = await (target as (input: unknown) => Promise<unknown>)(input);
    return { outcome: "ok", address: holds(answer, VICTIM_EMAIL) ? "address" : "no address" };
  } catch (err) {
    if (err instanceof TRPCError && err.code !== "INTERNAL_SERVER_ERROR")
      return { outcome: err.code, address: "no address" };
    throw err;
  }
}

/**
 * Whether the text is anywhere in an answer: its strings, in its arrays and plain objects, whatever
 * the key (a message naming her counts). What is neither (a live stream, a date) holds no text.
 */
function holds(value: unknown, text: string): boolean {
  if (typeof value === "string") return value.toLowerCase().includes(text);
  if (Array.isArray(value)) return value.some((v) => holds(v, text));
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).some((v) => holds(v, text));
}

describe("the permission table", () => {
  it("has a row for every procedure", () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    const covered = new Set(rows.map((r) => r.path));
    expect(procedures.filter((p) => !covered.has(p))).toEqual([]);
    expect([...covered].filter((p) => !procedures.includes(p))).toEqual([]);
  });

  it("agrees with who each procedure says may call it (what the API's document says)", () => {
    const declared = appRouter._def.procedures as unknown as Record<string, Parameters<typeof procedureAccess>[0]>;
    const disagreeing = Object.entries(declared).flatMap(([path, procedure]) => {
      const access = procedureAccess(procedure);
      const own = rows.filter((r) => r.path === path).map((r) => r.expect);
      // Refused for being signed out, on every row; let in as a member (not an admin) on some row.
      const signedInOnly = own.every((e) => e.anonymous === "UNAUTHORIZED");
      const membersIn = own.some(({ anonymous: _, admin: __, ...members }) =>
        Object.values(members).some((o) => o !== "FORBIDDEN"),
      );
      const says = !signedInOnly ? "public" : membersIn ? "member" : "admin";
      return access === says ? [] : [`${path}: declared ${access}, its rows say ${says}`];
    });
    expect(disagreeing).toEqual([]);
  });

  it.each(rows.map((r) => [`${r.path}${r.on ? ` (${r.on})` : ""}`, r] as const))("%s", async (_name, row) => {
    const got: Partial<Record<Role | TokenRole, Outcome>> = {};
    const gotAddresses: Partial<Record<Role | TokenRole, AddressOutcome>> = {};
    for (const role of [...roles, ...tokenRoleNames]) {
      const o = await outcome(row, role);
      got[role] = o.outcome;
      gotAddresses[role] = o.address;
    }
    const want: Partial<Record<Role | TokenRole, Outcome>> = { ...row.expect };
    for (const role of tokenRoleNames) want[role] = tokenOutcome(row, role);
    const wantAddresses: Partial<Record<Role | TokenRole, AddressOutcome>> = { ...(row.addresses ?? NO_ADDRESS) };
    // A token carries its owner's answer where its scope reaches, and is refused (no answer) elsewhere.
    for (const role of tokenRoleNames)
      wantAddresses[role] = tokenOutcome(row, role) === "ok" ? wantAddresses[tokenRoles[role].as] : "no address";
    // Admins see every address: a row that does not name the hiding member leaves them free.
    if (!row.addresses)
      for (const role of ["admin", ...tokenRoleNames.filter((t) => tokenRoles[t].as === "admin")] as const)
        wantAddresses[role] = gotAddresses[role];
    expect({ outcomes: got, addresses: gotAddresses }).toEqual({ outcomes: want, addresses: wantAddresses });
  });

  afterAll(() => {
    const columns = roles.length + tokenRoleNames.length;
    const cells = rows.length * columns;
    const allowed = rows.reduce(
      (n, r) =>
        n +
        roles.filter((role) => r.expect[role] === "ok").length +
        tokenRoleNames.filter((role) => tokenOutcome(r, role) === "ok").length,
      0,
    );
    console.info(
      `permission table: ${rows.length} rows (${new Set(rows.map((r) => r.path)).size} procedures) × ${columns} roles (${tokenRoleNames.length} with API tokens) = ${cells} cells; ${allowed} allowed, ${cells - allowed} refused`,
    );
  });
});
