import { randomUUID } from "node:crypto";
import { all, MEMBERS, PUBLIC, SIGNED_IN } from "../callers";
import {
  callerSession,
  challengeFor,
  confirmationCode,
  confirmationLink,
  emailChangeLink,
  storedPasskey,
} from "../row-inputs";
import type { ProcedureRow } from "./row";

/** Signing in, the session, her password and her account (e-mail change, deletion). */
export const signInRows: ProcedureRow[] = [
  { path: "auth.status", tokens: "read", input: () => undefined, expect: PUBLIC },
  {
    path: "auth.login",
    tokens: "admin",
    input: () => ({ email: "login@club.test", password: "password1" }),
    expect: PUBLIC,
  },
  { path: "auth.logout", tokens: "admin", input: () => undefined, expect: PUBLIC },
  { path: "auth.passkeyOptions", tokens: "admin", input: () => undefined, expect: PUBLIC },
  {
    path: "auth.passkeySignIn",
    tokens: "admin",
    input: async (c) => {
      const { key } = await storedPasskey(c.db, c.people.victim.id);
      return { response: key.signIn({ challenge: await challengeFor(c.db, "sign_in", null) }) };
    },
    expect: PUBLIC,
  },
  { path: "auth.me", tokens: "read", input: () => undefined, expect: SIGNED_IN },
  // Confirming a password session by e-mail: a browser's own act, never a token's.
  {
    path: "auth.confirmByEmail",
    tokens: "none",
    input: async (c) => callerSession(c, false),
    expect: MEMBERS,
  },
  {
    path: "auth.confirmSessionByCode",
    tokens: "none",
    input: (c) => confirmationCode(c.db, c.me?.id ?? c.people.owner.id),
    expect: MEMBERS,
  },
  {
    path: "auth.confirmSession",
    tokens: "none",
    on: "her own link",
    input: async (c) => ({ token: await confirmationLink(c.db, c.me?.id ?? c.people.owner.id) }),
    expect: MEMBERS,
  },
  {
    path: "auth.confirmSession",
    tokens: "none",
    on: "another member's link",
    input: async (c) => ({ token: await confirmationLink(c.db, c.people.victim.id) }),
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  { path: "auth.updateUser", tokens: "admin", input: (c) => ({ name: c.me?.name ?? "Visitor" }), expect: MEMBERS },
  {
    path: "auth.updatePassword",
    tokens: "admin",
    input: () => ({ oldPassword: "password1", newPassword: "password1" }),
    expect: SIGNED_IN,
  },

  // Deleting her own account: with a wrong password, so the table's people stay (the right one is
  // account-deletion.test.ts's); never with a token, whatever its scope.
  {
    path: "account.delete",
    tokens: "none",
    input: () => ({ password: "not-her-password" }),
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  { path: "account.emailChange", tokens: "none", input: () => undefined, expect: MEMBERS },
  { path: "account.deletionPreview", tokens: "none", input: () => undefined, expect: MEMBERS },
  {
    path: "account.requestEmailChange",
    tokens: "none",
    input: () => ({ newEmail: `new-${randomUUID()}@club.test`, password: "not-her-password" }),
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  { path: "account.cancelEmailChange", tokens: "none", input: () => undefined, expect: MEMBERS },
  // The mailed link is its own proof: anyone holding it confirms, signed in or not.
  { path: "account.confirmEmailChange", tokens: "none", input: (c) => emailChangeLink(c.db), expect: PUBLIC },
  {
    // The table's members have no passkey: there is nothing to ask for.
    path: "account.deletionPasskeyOptions",
    tokens: "none",
    input: () => undefined,
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
];
