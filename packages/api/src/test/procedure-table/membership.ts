import { randomUUID } from "node:crypto";
import { createInvitationCode } from "../../domain/membership/invitation-codes";
import { createPasswordResetToken, createRegistrationToken } from "../../domain/ways-in/one-time-tokens";
import { ADMINS, PUBLIC } from "../callers";
import { application, pendingApplication } from "../row-inputs";
import type { ProcedureRow } from "./row";

/** The way in: invitation codes, applications, registration and password resets. */
export const membershipRows: ProcedureRow[] = [
  { path: "invitationCodes.validate", tokens: "admin", input: () => ({ code: "NOT-A-REAL-CODE" }), expect: PUBLIC },
  { path: "invitationCodes.create", tokens: "seed", input: () => ({}), expect: ADMINS },
  { path: "invitationCodes.list", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "invitationCodes.revoke",
    tokens: "admin",
    input: async (c) => ({ id: (await createInvitationCode(c.db)).row.id }),
    expect: ADMINS,
  },

  {
    path: "applications.submit",
    tokens: "admin",
    input: async (c) => application((await createInvitationCode(c.db)).code),
    expect: PUBLIC,
  },
  { path: "applications.list", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "applications.setStatus",
    tokens: "admin",
    input: async (c) => ({ id: await pendingApplication(c.db), accepted: false }),
    expect: ADMINS,
  },

  {
    path: "registration.validateToken",
    tokens: "read",
    input: async (c) => ({
      token: await createRegistrationToken(c.db, {
        email: `reg-${randomUUID()}@club.test`,
        applicationId: await pendingApplication(c.db),
        memberType: "Standard",
      }),
    }),
    expect: PUBLIC,
  },
  {
    path: "registration.register",
    tokens: "admin",
    input: async (c) => ({
      token: await createRegistrationToken(c.db, {
        email: `reg-${randomUUID()}@club.test`,
        applicationId: await pendingApplication(c.db),
        memberType: "Standard",
      }),
      password: "password1",
      name: "New Member",
      type: "Standard",
    }),
    expect: PUBLIC,
  },

  { path: "passwordReset.request", tokens: "admin", input: () => ({ email: "nobody@club.test" }), expect: PUBLIC },
  {
    path: "passwordReset.reset",
    tokens: "admin",
    input: async (c) => ({ token: await createPasswordResetToken(c.db, c.people.victim.id), newPassword: "password1" }),
    expect: PUBLIC,
  },
];
