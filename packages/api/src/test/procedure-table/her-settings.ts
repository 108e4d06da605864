import { createApiToken } from "@club/auth";
import { resetFeed } from "../../domain/events/feed";
import { SoftPasskey } from "../authenticator";
import { ADMINS, all, MEMBERS, OWN_PASSKEY, PUBLIC } from "../callers";
import {
  browserSession,
  callerSession,
  challengeFor,
  linkedIdentity,
  storedPasskey,
  unsubscribeToken,
} from "../row-inputs";
import type { ProcedureRow } from "./row";

/** What is hers: her home, mail choices, calendar feed, unsubscribe links, tokens, identities, sessions, data copies, passkeys; and the club's settings. */
export const herSettingsRows: ProcedureRow[] = [
  { path: "preferences.get", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "home.get", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "home.seen", tokens: "admin", input: () => undefined, expect: MEMBERS },
  { path: "calendarFeed.get", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "calendarFeed.reset", tokens: "admin", input: () => ({ includeOpen: true }), expect: MEMBERS },
  { path: "calendarFeed.update", tokens: "admin", input: () => ({ includeOpen: true }), expect: MEMBERS },
  { path: "calendarFeed.remove", tokens: "admin", input: () => undefined, expect: MEMBERS },
  // The secret is the credential: an unknown one finds nothing, signed in or not.
  {
    path: "calendarFeed.feed",
    tokens: "read",
    on: "unknown secret",
    input: () => ({ secret: "nope" }),
    expect: all("NOT_FOUND"),
  },
  {
    path: "calendarFeed.feed",
    tokens: "read",
    on: "a member's secret",
    input: async (c) => ({ secret: await resetFeed(c.db, c.people.owner.id, false) }),
    expect: PUBLIC,
  },
  { path: "preferences.update", tokens: "admin", input: () => ({ group: false, reminders: true }), expect: MEMBERS },
  // An unsubscribe link is the credential: anyone holding it, signed in or not (the mail provider's
  // one-click POST carries no session); a tampered one finds nothing.
  {
    path: "unsubscribe.get",
    tokens: "read",
    on: "a member's link",
    input: async (c) => ({ token: await unsubscribeToken(c.db, c.people.owner.id) }),
    expect: PUBLIC,
  },
  {
    path: "unsubscribe.set",
    tokens: "admin",
    on: "a member's link",
    input: async (c) => ({ token: await unsubscribeToken(c.db, c.people.owner.id), receive: false }),
    expect: PUBLIC,
  },
  {
    path: "unsubscribe.get",
    tokens: "read",
    on: "a tampered link",
    input: async (c) => ({ token: `${(await unsubscribeToken(c.db, c.people.owner.id)).slice(0, -2)}AA` }),
    expect: all("NOT_FOUND"),
  },
  {
    path: "unsubscribe.set",
    tokens: "admin",
    on: "another kind in a member's link",
    input: async (c) => ({
      token: (await unsubscribeToken(c.db, c.people.owner.id)).replace(/^group-/, "announcements-"),
      receive: false,
    }),
    expect: all("NOT_FOUND"),
  },
  { path: "apiTokens.list", tokens: "none", input: () => undefined, expect: MEMBERS },
  { path: "apiTokens.create", tokens: "none", input: () => ({ name: "script" }), expect: MEMBERS },
  {
    path: "apiTokens.revoke",
    tokens: "none",
    input: async (c) => ({
      id: (await createApiToken(c.db, { userId: c.me?.id ?? c.people.owner.id, name: "t", scope: "read" })).id,
    }),
    expect: MEMBERS,
  },

  // Identities at the provider: read by the member, never connected or removed with a token. The
  // table's club has no provider configured, so a member's startLink is refused after the role check.
  { path: "identities.provider", tokens: "read", input: () => undefined, expect: PUBLIC },
  { path: "identities.list", tokens: "read", input: () => undefined, expect: MEMBERS },
  {
    path: "identities.startLink",
    tokens: "none",
    input: () => undefined,
    expect: { ...all("NOT_FOUND"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  {
    path: "identities.unlink",
    tokens: "none",
    on: "own",
    input: (c) => linkedIdentity(c.db, c.me?.id ?? c.people.owner.id),
    expect: MEMBERS,
  },
  {
    path: "identities.unlink",
    tokens: "none",
    on: "someone else's",
    input: (c) => linkedIdentity(c.db, c.people.owner.id),
    expect: { ...all("NOT_FOUND"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN", owner: "ok" },
  },
  { path: "sessions.list", tokens: "none", input: () => undefined, expect: MEMBERS },
  {
    path: "sessions.end",
    tokens: "none",
    on: "her own",
    input: async (c) => ({ id: await browserSession(c, c.me?.id ?? c.people.owner.id) }),
    expect: MEMBERS,
  },
  {
    path: "sessions.end",
    tokens: "none",
    on: "another member's",
    input: async (c) => ({ id: await browserSession(c, c.people.victim.id) }),
    expect: { ...all("NOT_FOUND"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  { path: "sessions.endOthers", tokens: "none", input: () => undefined, expect: MEMBERS },
  // Each caller asks once per cell (the limit of a few a day is dataExport's own test's).
  { path: "dataExport.request", tokens: "none", input: () => undefined, expect: MEMBERS },
  { path: "dataExport.list", tokens: "none", input: () => undefined, expect: MEMBERS },
  { path: "clubSettings.get", tokens: "read", input: () => undefined, expect: ADMINS },
  // Setting the rule the admins' sign-in already meets (the table's admin signs in with a password).
  { path: "clubSettings.update", tokens: "admin", input: () => ({ adminSignIn: "any" }), expect: ADMINS },
  { path: "passkeys.list", tokens: "none", input: () => undefined, expect: MEMBERS },
  {
    path: "passkeys.registrationOptions",
    tokens: "none",
    on: "a confirmed session",
    input: (c) => callerSession(c, true),
    expect: MEMBERS,
  },
  {
    // The table's members sign in with a password: without the e-mail confirmation, refused.
    path: "passkeys.registrationOptions",
    tokens: "none",
    on: "a password session not confirmed",
    input: (c) => callerSession(c, false),
    expect: { ...all("PRECONDITION_FAILED"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  {
    path: "passkeys.register",
    tokens: "none",
    input: async (c) => {
      const userId = c.me?.id ?? c.people.owner.id;
      const challenge = await challengeFor(c.db, "register", userId);
      return { response: new SoftPasskey().register({ challenge, user: { id: "dGVzdA" } }) };
    },
    expect: MEMBERS,
  },
  {
    path: "passkeys.rename",
    tokens: "none",
    input: async (c) => ({ id: (await storedPasskey(c.db, c.me?.id ?? c.people.owner.id)).id, name: "Laptop" }),
    expect: MEMBERS,
  },
  {
    path: "passkeys.rename",
    tokens: "none",
    on: "someone else's",
    input: async (c) => ({ id: (await storedPasskey(c.db, c.people.owner.id)).id, name: "Mine now" }),
    expect: OWN_PASSKEY,
  },
  {
    path: "passkeys.remove",
    tokens: "none",
    input: async (c) => ({ id: (await storedPasskey(c.db, c.me?.id ?? c.people.owner.id)).id }),
    expect: MEMBERS,
  },
  {
    path: "passkeys.remove",
    tokens: "none",
    on: "someone else's",
    input: async (c) => ({ id: (await storedPasskey(c.db, c.people.owner.id)).id }),
    expect: OWN_PASSKEY,
  },
];
