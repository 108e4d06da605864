import { ADMINS, all, type Expect, MEMBERS } from "../callers";
import { freshMember, openReport, ownersConversation } from "../row-inputs";
import type { ProcedureRow } from "./row";

/** A conversation is its members' (`owner` and `other`, with `victim`); to anyone else, admins included, it does not exist. */
const IN_IT: Expect = {
  ...all("NOT_FOUND"),
  anonymous: "UNAUTHORIZED",
  mustChange: "FORBIDDEN",
  owner: "ok",
  other: "ok",
};

/** Messages: conversations, blocks and reports. */
export const conversationRows: ProcedureRow[] = [
  { path: "conversations.list", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "conversations.unread", tokens: "read", input: () => undefined, expect: MEMBERS },
  { path: "conversations.blocked", tokens: "read", input: () => undefined, expect: MEMBERS },
  {
    path: "conversations.get",
    tokens: "read",
    input: async (c) => ({ id: (await ownersConversation(c)).id }),
    expect: IN_IT,
  },
  {
    path: "conversations.messages",
    tokens: "read",
    input: async (c) => ({ id: (await ownersConversation(c)).id }),
    expect: IN_IT,
  },
  {
    path: "conversations.start",
    tokens: "admin",
    // A member made for the call: each caller writes to someone new (no conversation to continue).
    input: async (c) => ({ memberIds: [(await freshMember(c.db)).id], text: "Hello from the club" }),
    expect: MEMBERS,
  },
  {
    path: "conversations.send",
    tokens: "admin",
    input: async (c) => ({ id: (await ownersConversation(c)).id, text: "See you there" }),
    expect: IN_IT,
  },
  {
    path: "conversations.read",
    tokens: "admin",
    input: async (c) => ({ id: (await ownersConversation(c)).id }),
    expect: IN_IT,
  },
  {
    path: "conversations.mute",
    tokens: "admin",
    input: async (c) => ({ id: (await ownersConversation(c)).id, muted: true }),
    expect: IN_IT,
  },
  {
    path: "conversations.leave",
    tokens: "admin",
    input: async (c) => ({ id: (await ownersConversation(c)).id }),
    expect: IN_IT,
  },
  {
    path: "conversations.report",
    tokens: "admin",
    input: async (c) => ({ id: (await ownersConversation(c)).messageId, reason: "Unkind words" }),
    expect: IN_IT,
  },
  {
    path: "conversations.block",
    tokens: "admin",
    input: async (c) => ({ id: (await freshMember(c.db)).id }),
    expect: MEMBERS,
  },
  {
    path: "conversations.unblock",
    tokens: "admin",
    input: async (c) => ({ id: (await freshMember(c.db)).id }),
    expect: MEMBERS,
  },
  { path: "conversations.reports", tokens: "read", input: () => undefined, expect: ADMINS },
  {
    path: "conversations.closeReport",
    tokens: "admin",
    input: async (c) => ({ id: await openReport(c) }),
    expect: ADMINS,
  },
];
