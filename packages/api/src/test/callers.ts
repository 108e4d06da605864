/**
 * Who calls in the permission table, and what each gets: the roles (members of each kind, an
 * admin, a visitor, one who must change her password), the callers with an API token, and the
 * usual answers (PUBLIC, MEMBERS, ADMINS…) the procedure table's rows are written with.
 */
import type { ApiTokenScope } from "@club/auth";
import type { TRPCError } from "@trpc/server";

export const roles = ["anonymous", "standard", "founding", "other", "owner", "admin", "mustChange"] as const;
export type Role = (typeof roles)[number];
export type Outcome = "ok" | TRPCError["code"];
export type Expect = Record<Role, Outcome>;

/**
 * Callers with a personal API token: a member (the owner, Founding) and an admin, each token
 * with a scope. A token acts as its owner within its scope, so its cell is the owner's answer
 * where the row's `tokens` lets the scope in, and FORBIDDEN where it does not.
 */
export const tokenRoles = {
  ownerReadToken: { as: "owner", scope: "read" },
  ownerAdminToken: { as: "owner", scope: "admin" },
  adminReadToken: { as: "admin", scope: "read" },
  adminSeedToken: { as: "admin", scope: "seed" },
  adminAdminToken: { as: "admin", scope: "admin" },
} as const satisfies Record<string, { as: Role; scope: ApiTokenScope }>;
export type TokenRole = keyof typeof tokenRoles;

/** The least scope a token needs for a procedure; `none`: no token may call it (token management). */
export type TokenNeed = ApiTokenScope | "none";
const scopeRank: Record<TokenNeed, number> = { read: 0, seed: 1, admin: 2, none: 3 };

/** What a token role gets on a row: its owner's answer if its scope is enough, else FORBIDDEN. */
export function tokenOutcome(row: { tokens: TokenNeed; expect: Expect }, role: TokenRole): Outcome {
  const { as, scope } = tokenRoles[role];
  return scopeRank[scope] >= scopeRank[row.tokens] ? row.expect[as] : "FORBIDDEN";
}

// Who is who: `owner` (Founding) created every event, media item and comment of a cell; `other`
// (Travel Host) holds a pending invitation to the owner's invite-only event; `standard` and
// `founding` are members who are neither; `mustChange` must replace a temporary password.
export const all = (o: Outcome): Expect => Object.fromEntries(roles.map((r) => [r, o])) as Expect;
export const PUBLIC = all("ok");
export const MEMBERS: Expect = { ...all("ok"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" };
export const SIGNED_IN: Expect = { ...all("ok"), anonymous: "UNAUTHORIZED" };
export const ADMINS: Expect = { ...all("FORBIDDEN"), anonymous: "UNAUTHORIZED", admin: "ok" };
export const CREATORS: Expect = { ...MEMBERS, standard: "FORBIDDEN" };
export const OWNER_OR_ADMIN: Expect = { ...MEMBERS, standard: "FORBIDDEN", founding: "FORBIDDEN", other: "FORBIDDEN" };
export const AUTHOR: Expect = { ...OWNER_OR_ADMIN, admin: "FORBIDDEN" };
/** On the invite-only event (or what hangs on it): not there for those not part of it. */
export const hidden = (e: Expect): Expect => ({
  ...e,
  standard: "NOT_FOUND",
  founding: "NOT_FOUND",
  mustChange: e.mustChange === "ok" ? "NOT_FOUND" : e.mustChange,
});
/** On the owner's draft event: its creator and admins, and nobody else (not even by invitation). */
export const draftOnly = (e: Expect): Expect => ({ ...hidden(e), other: "NOT_FOUND" });
/** Done with a draft (join, comment, download, invite): nobody, until it is published. */
export const NOT_ON_A_DRAFT: Expect = {
  ...all("NOT_FOUND"),
  anonymous: "UNAUTHORIZED",
  mustChange: "FORBIDDEN",
};
/** Readable without signing in, but only what a visitor may see. */
export const VISITOR_HIDDEN: Expect = { ...all("ok"), anonymous: "NOT_FOUND", mustChange: "NOT_FOUND" };
/** What was on a deleted invite-only event: its uploader (the owner) and admins, nobody else. */
export const uploaderOnly = (e: Expect): Expect => ({ ...hidden(e), other: "NOT_FOUND" });

/**
 * Whether a caller's answer holds the e-mail address of `victim`, a member who keeps "Show my
 * e-mail address to other members" off: admins may receive it, the members she hid it from (an
 * event's host among them) may not (the access module's `emailShownTo`). A row that names her says
 * who receives it (`addresses`); any other row is held to "no address" for every member, and
 * leaves admins free either way (they see every address, in User Management too).
 */
export type AddressOutcome = "address" | "no address";
export type AddressExpect = Record<Role, AddressOutcome>;
export const NO_ADDRESS: AddressExpect = Object.fromEntries(roles.map((r) => [r, "no address"])) as AddressExpect;
/** Where a procedure names her: her address goes to admins, and to nobody else. */
export const ADDRESS_TO_ADMINS: AddressExpect = { ...NO_ADDRESS, admin: "address" };

/** On someone else's passkey (the owner's): "not found" for every member but her. */
export const OWN_PASSKEY: Expect = {
  ...MEMBERS,
  standard: "NOT_FOUND",
  founding: "NOT_FOUND",
  other: "NOT_FOUND",
  admin: "NOT_FOUND",
};
