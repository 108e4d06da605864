import { randomUUID } from "node:crypto";
import { ADMINS, MEMBERS } from "../callers";
import { failedJob, failedMail, freshMember, webhookWithMessage } from "../row-inputs";
import type { ProcedureRow } from "./row";

/** The admins' tools: members, group mail, the outbox, jobs and the audit log. */
export const adminRows: ProcedureRow[] = [
  { path: "adminPanel.counts", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "users.create",
    tokens: "seed",
    input: () => ({ email: `made-${randomUUID()}@club.test`, name: "Made", password: "password1" }),
    expect: ADMINS,
  },
  {
    path: "users.create",
    tokens: "admin",
    on: "an administrator",
    input: () => ({ email: `boss-${randomUUID()}@club.test`, name: "Boss", password: "password1", admin: true }),
    expect: ADMINS,
  },
  { path: "users.list", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "users.list",
    tokens: "read",
    on: "a searched page",
    input: () => ({ search: "vic", limit: 50 }),
    expect: ADMINS,
  },
  {
    path: "users.list",
    tokens: "read",
    on: "a sync's changes",
    input: () => ({ updated_since: new Date(Date.now() - 86_400_000) }),
    expect: ADMINS,
  },
  {
    path: "users.deleted",
    tokens: "read",
    input: () => ({ since: new Date(Date.now() - 86_400_000) }),
    expect: ADMINS,
  },
  { path: "users.temporaryPassword", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "users.update",
    tokens: "seed",
    input: (c) => ({ userId: c.people.victim.id, name: "Victim" }),
    expect: ADMINS,
  },
  {
    path: "users.update",
    tokens: "admin",
    on: "a member's type",
    input: (c) => ({ userId: c.people.victim.id, type: "Standard" }),
    expect: ADMINS,
  },
  {
    path: "users.update",
    tokens: "admin",
    on: "her own admin right",
    input: (c) => ({ userId: c.me?.id ?? c.people.victim.id, admin: false }),
    expect: { ...ADMINS, admin: "FORBIDDEN" },
  },
  {
    path: "users.setPrivilege",
    tokens: "admin",
    input: (c) => ({ userId: c.people.victim.id, type: "Standard" }),
    expect: ADMINS,
  },
  {
    path: "users.resetPasswordToTemp",
    tokens: "admin",
    input: (c) => ({ userId: c.people.victim.id }),
    expect: ADMINS,
  },
  {
    path: "users.resetPasswordToTemp",
    tokens: "admin",
    on: "her own account",
    input: (c) => ({ userId: c.me?.id ?? c.people.victim.id }),
    expect: { ...ADMINS, admin: "FORBIDDEN" },
  },
  {
    // A fresh member each time: deleting the table's people would change every later answer.
    path: "users.delete",
    tokens: "admin",
    input: async (c) => ({ userId: (await freshMember(c.db)).id }),
    expect: ADMINS,
  },
  {
    path: "users.delete",
    tokens: "admin",
    on: "her own account",
    input: (c) => ({ userId: c.me?.id ?? c.people.victim.id }),
    expect: { ...ADMINS, admin: "FORBIDDEN" },
  },
  {
    path: "users.setTestingTeam",
    tokens: "admin",
    input: (c) => ({ userId: c.people.victim.id, testingTeam: true }),
    expect: ADMINS,
  },

  { path: "adminMail.members", tokens: "read", input: () => undefined, expect: ADMINS },
  { path: "adminMail.recipientCount", tokens: "read", input: () => ({ recipientGroup: "all" }), expect: ADMINS },
  {
    path: "adminMail.send",
    tokens: "admin",
    input: () => ({ subject: "Hello", body: "<p>Hi</p>", recipientGroup: "admins" }),
    expect: ADMINS,
  },

  {
    path: "mail.preview",
    tokens: "admin",
    input: () => ({ subject: "Spring Salon", body: "<p>Dear members,</p><script>alert(1)</script>" }),
    expect: MEMBERS,
  },
  { path: "mailOutbox.list", tokens: "read", input: () => ({ status: "captured" }), expect: ADMINS },
  { path: "mailOutbox.summary", tokens: "read", input: () => undefined, expect: ADMINS },
  { path: "mailOutbox.get", tokens: "read", input: async (c) => ({ id: await failedMail(c) }), expect: ADMINS },
  { path: "mailOutbox.retry", tokens: "admin", input: async (c) => ({ id: await failedMail(c) }), expect: ADMINS },

  { path: "jobs.summary", tokens: "read", input: () => undefined, expect: ADMINS },
  { path: "jobs.failures", tokens: "read", input: () => ({ limit: 5 }), expect: ADMINS },
  {
    path: "jobs.retry",
    tokens: "admin",
    input: async (c) => ({ kind: "housekeeping", id: await failedJob(c) }),
    expect: ADMINS,
  },
  { path: "webhooks.list", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "webhooks.add",
    tokens: "admin",
    input: () => ({ name: "CRM", url: "https://crm.example.com/hooks", events: ["event.created"] }),
    expect: ADMINS,
  },
  {
    path: "webhooks.remove",
    tokens: "admin",
    input: async (c) => ({ id: (await webhookWithMessage(c.db)).endpointId }),
    expect: ADMINS,
  },
  {
    path: "webhooks.update",
    tokens: "admin",
    input: async (c) => ({
      id: (await webhookWithMessage(c.db)).endpointId,
      name: "CRM (new)",
      url: "https://crm.example.com/new-hooks",
      events: ["event.created", "member.created"],
    }),
    expect: ADMINS,
  },
  {
    path: "webhooks.pause",
    tokens: "admin",
    input: async (c) => ({ id: (await webhookWithMessage(c.db)).endpointId, paused: true }),
    expect: ADMINS,
  },
  {
    path: "webhooks.rotateSecret",
    tokens: "admin",
    input: async (c) => ({ id: (await webhookWithMessage(c.db)).endpointId }),
    expect: ADMINS,
  },
  {
    path: "webhooks.retryNow",
    tokens: "admin",
    input: async (c) => ({ id: (await webhookWithMessage(c.db)).endpointId }),
    expect: ADMINS,
  },
  {
    path: "webhooks.ping",
    tokens: "admin",
    input: async (c) => ({ id: (await webhookWithMessage(c.db)).endpointId }),
    expect: ADMINS,
  },
  {
    path: "webhooks.deliveries",
    tokens: "read",
    input: async (c) => ({ id: (await webhookWithMessage(c.db)).endpointId }),
    expect: ADMINS,
  },
  {
    path: "webhooks.redeliver",
    tokens: "admin",
    input: async (c) => ({ id: (await webhookWithMessage(c.db)).deliveryId }),
    expect: ADMINS,
  },
  { path: "audit.list", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "audit.list",
    tokens: "read",
    on: "filtered",
    input: () => ({ actor: "root", kind: "mail.group_sent", from: "2026-01-01", to: "2026-12-31", before: 10 }),
    expect: ADMINS,
  },
];
