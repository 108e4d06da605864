import { ADMINS } from "../callers";
import { scheduledMail, sentMail } from "../row-inputs";
import type { ProcedureRow } from "./row";

/** A time on the club's clock a week ahead, as the composer's field gives it. */
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16);
const draft = { subject: "Winter Gala", body: "<p>Dear members,</p>", recipientGroup: "admins" } as const;

/** Bulk e-mail beyond sending at once: the test to oneself, scheduled messages, those sent. */
export const adminMailRows: ProcedureRow[] = [
  { path: "adminMail.sendTest", tokens: "admin", input: () => ({ subject: "Hi", body: "<p>Hi</p>" }), expect: ADMINS },
  { path: "adminMail.schedule", tokens: "admin", input: () => ({ ...draft, sendAt: nextWeek() }), expect: ADMINS },
  { path: "adminMail.scheduled", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "adminMail.updateScheduled",
    tokens: "admin",
    input: async (c) => ({ id: await scheduledMail(c), ...draft, sendAt: nextWeek() }),
    expect: ADMINS,
  },
  {
    path: "adminMail.cancelScheduled",
    tokens: "admin",
    input: async (c) => ({ id: await scheduledMail(c) }),
    expect: ADMINS,
  },
  { path: "adminMail.photos", tokens: "read", input: () => undefined, expect: ADMINS },
  { path: "adminMail.sent", tokens: "read", input: () => undefined, expect: ADMINS },
  { path: "adminMail.sentMessage", tokens: "read", input: async (c) => ({ id: await sentMail(c) }), expect: ADMINS },
];
