import { generateToken, hashToken } from "@club/auth";
import { eventInvitations, eventParticipants, eventWaitlist } from "@club/db";
import {
  ADDRESS_TO_ADMINS,
  ADMINS,
  all,
  CREATORS,
  draftOnly,
  hidden,
  MEMBERS,
  NO_ADDRESS,
  NOT_ON_A_DRAFT,
  OWNER_OR_ADMIN,
} from "../callers";
import { draftOf, emailOf, invitationFor, seriesOf } from "../row-inputs";
import type { ProcedureRow } from "./row";

/** Events: lists, pages, drafts, joining, the waitlist, invitations and announcements. */
export const eventRows: ProcedureRow[] = [
  { path: "events.list", tokens: "read", input: () => undefined, expect: MEMBERS },
  {
    path: "events.list",
    tokens: "read",
    on: "a sync's changes",
    input: () => ({ updated_since: new Date(Date.now() - 86_400_000) }),
    expect: ADMINS,
  },
  {
    path: "events.deleted",
    tokens: "read",
    input: () => ({ since: new Date(Date.now() - 86_400_000) }),
    expect: ADMINS,
  },
  { path: "events.choices", tokens: "read", input: () => ({ withMedia: true }), expect: MEMBERS },
  { path: "events.coverChoices", tokens: "read", input: () => undefined, expect: MEMBERS },
  {
    path: "events.coverChoices",
    tokens: "read",
    on: "open",
    input: (c) => ({ eventId: c.open }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.coverChoices",
    tokens: "read",
    on: "invite-only",
    input: (c) => ({ eventId: c.private }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "events.coverChoices",
    tokens: "read",
    on: "draft",
    input: async (c) => ({ eventId: await draftOf(c) }),
    expect: draftOnly(OWNER_OR_ADMIN),
  },
  { path: "events.get", tokens: "read", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  { path: "events.get", tokens: "read", on: "invite-only", input: (c) => ({ id: c.private }), expect: hidden(MEMBERS) },
  {
    path: "events.get",
    tokens: "read",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c) }),
    expect: draftOnly(MEMBERS),
  },
  { path: "events.drafts", tokens: "read", input: () => undefined, expect: MEMBERS },
  {
    path: "events.publish",
    tokens: "admin",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c) }),
    expect: draftOnly(OWNER_OR_ADMIN),
  },
  {
    path: "events.publish",
    tokens: "admin",
    on: "published",
    input: (c) => ({ id: c.open }),
    expect: { ...OWNER_OR_ADMIN, owner: "CONFLICT", admin: "CONFLICT" },
  },
  {
    path: "events.calendarFile",
    tokens: "read",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c) }),
    expect: NOT_ON_A_DRAFT,
  },
  { path: "events.calendarFile", tokens: "read", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  {
    path: "events.calendarFile",
    tokens: "read",
    on: "invite-only",
    input: (c) => ({ id: c.private }),
    expect: hidden(MEMBERS),
  },
  {
    path: "events.create",
    tokens: "seed",
    input: () => ({
      title: "Supper",
      event_date: "2027-03-01",
      start_time: "19:00",
      end_time: "22:00",
      rsvp_deadline: "2027-02-28T18:00",
    }),
    expect: CREATORS,
  },
  {
    path: "events.update",
    tokens: "seed",
    on: "open",
    input: (c) => ({ id: c.open, title: "Renamed", event_date: "2027-03-02", start_time: "18:30" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.update",
    tokens: "seed",
    on: "invite-only",
    input: (c) => ({ id: c.private, title: "Renamed" }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "events.update",
    tokens: "seed",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c), title: "Renamed draft" }),
    expect: draftOnly(OWNER_OR_ADMIN),
  },
  {
    path: "events.update",
    tokens: "seed",
    on: "a series, all dates",
    input: async (c) => ({ id: await seriesOf(c), title: "Renamed series", event_date: "2027-05-04", scope: "all" }),
    expect: OWNER_OR_ADMIN,
  },
  { path: "events.delete", tokens: "admin", on: "open", input: (c) => ({ id: c.open }), expect: OWNER_OR_ADMIN },
  {
    path: "events.delete",
    tokens: "admin",
    on: "a series, this and following",
    input: async (c) => ({ id: await seriesOf(c), scope: "following" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.delete",
    tokens: "admin",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c) }),
    expect: draftOnly(OWNER_OR_ADMIN),
  },
  {
    path: "events.delete",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ id: c.private }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "events.addParticipants",
    tokens: "seed",
    input: (c) => ({ eventId: c.open, userIds: [c.people.owner.id] }),
    expect: ADMINS,
  },
  { path: "events.join", tokens: "admin", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  {
    path: "events.join",
    tokens: "admin",
    on: "draft",
    input: async (c) => ({ id: await draftOf(c) }),
    expect: NOT_ON_A_DRAFT,
  },
  {
    path: "events.join",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ id: c.private }),
    expect: hidden(MEMBERS),
  },
  { path: "events.leave", tokens: "admin", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  {
    path: "events.joinSeries",
    tokens: "admin",
    on: "a series",
    input: async (c) => ({ id: await seriesOf(c) }),
    expect: MEMBERS,
  },
  {
    path: "events.joinSeries",
    tokens: "admin",
    on: "an event that does not repeat",
    input: (c) => ({ id: c.open }),
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  {
    path: "events.leaveSeries",
    tokens: "admin",
    on: "a series",
    input: async (c) => ({ id: await seriesOf(c) }),
    expect: MEMBERS,
  },
  {
    path: "events.leaveSeries",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ id: c.private }),
    expect: { ...hidden(all("BAD_REQUEST")), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  {
    path: "events.leave",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ id: c.private }),
    expect: hidden(MEMBERS),
  },
  // The guest list names the member who hides her address (going to the open event, waiting for the
  // invite-only one): the host reads her name and guests, and only admins her address.
  {
    path: "events.attendees",
    tokens: "read",
    on: "open",
    input: (c) => ({ id: c.open }),
    expect: OWNER_OR_ADMIN,
    addresses: ADDRESS_TO_ADMINS,
  },
  {
    path: "events.attendees",
    tokens: "read",
    on: "invite-only",
    input: async (c) => {
      await c.db.insert(eventWaitlist).values({ eventId: c.private, userId: c.people.victim.id });
      return { id: c.private };
    },
    expect: hidden(OWNER_OR_ADMIN),
    addresses: ADDRESS_TO_ADMINS,
  },
  {
    path: "events.moveFromWaitlist",
    tokens: "admin",
    on: "open",
    input: async (c) => {
      await c.db.insert(eventWaitlist).values({ eventId: c.open, userId: c.people.founding.id });
      return { eventId: c.open, userId: c.people.founding.id };
    },
    expect: OWNER_OR_ADMIN,
    addresses: ADDRESS_TO_ADMINS,
  },
  {
    path: "events.moveFromWaitlist",
    tokens: "admin",
    on: "invite-only",
    input: async (c) => {
      // Someone outside the cells' roles waits (one who waits may see the event).
      await c.db.insert(eventWaitlist).values({ eventId: c.private, userId: c.people.victim.id });
      return { eventId: c.private, userId: c.people.victim.id };
    },
    expect: hidden(OWNER_OR_ADMIN),
    addresses: ADDRESS_TO_ADMINS,
  },
  {
    path: "events.sendConfirmation",
    tokens: "admin",
    on: "her own",
    input: async (c) => {
      const userId = c.me?.id ?? c.people.owner.id;
      await c.db.insert(eventParticipants).values({ eventId: c.open, userId });
      return { eventId: c.open, userId };
    },
    expect: MEMBERS,
  },
  {
    path: "events.sendConfirmation",
    tokens: "admin",
    on: "someone else's",
    input: async (c) => {
      await c.db.insert(eventParticipants).values({ eventId: c.open, userId: c.people.owner.id });
      return { eventId: c.open, userId: c.people.owner.id };
    },
    expect: { ...OWNER_OR_ADMIN },
  },
  // The invite modal lists every member, the one who hides her address without it…
  {
    path: "events.invitableMembers",
    tokens: "read",
    input: () => undefined,
    expect: MEMBERS,
    addresses: ADDRESS_TO_ADMINS,
  },
  // …unless the inviter typed it in full: it finds her, and the inviter knew it already.
  {
    path: "events.invitableMembers",
    tokens: "read",
    on: "her address typed in full",
    input: async (c) => ({ email: await emailOf(c, c.people.victim.id) }),
    expect: MEMBERS,
    addresses: {
      ...NO_ADDRESS,
      standard: "address",
      founding: "address",
      other: "address",
      owner: "address",
      admin: "address",
    },
  },
  {
    path: "events.invite",
    tokens: "admin",
    on: "draft",
    input: async (c) => ({ eventId: await draftOf(c), userIds: [c.people.victim.id] }),
    expect: NOT_ON_A_DRAFT,
  },
  {
    path: "events.invite",
    tokens: "admin",
    on: "open",
    input: (c) => ({ eventId: c.open, userIds: [c.people.victim.id] }),
    expect: MEMBERS,
  },
  {
    path: "events.invite",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ eventId: c.private, userIds: [c.people.victim.id] }),
    expect: hidden(MEMBERS),
  },
  {
    path: "events.acceptInvite",
    tokens: "admin",
    on: "her own invitation",
    input: async (c) => {
      const token = generateToken();
      await c.db.insert(eventInvitations).values({
        tokenHash: hashToken(token),
        eventId: c.private,
        inviteeId: c.me?.id ?? c.people.victim.id,
        invitedBy: c.people.owner.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      return { token };
    },
    expect: MEMBERS,
  },
  {
    path: "events.answerInvitation",
    tokens: "admin",
    on: "her own invitation",
    input: async (c) => ({ invitationId: await invitationFor(c, c.me?.id ?? c.people.victim.id), accept: true }),
    expect: MEMBERS,
  },
  {
    path: "events.answerInvitation",
    tokens: "admin",
    on: "another member's invitation",
    input: async (c) => ({ invitationId: await invitationFor(c, c.people.victim.id), accept: false }),
    expect: { ...all("BAD_REQUEST"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" },
  },
  {
    path: "events.announceRecipientCount",
    tokens: "read",
    on: "open",
    input: (c) => ({ eventId: c.open, recipientGroup: "all" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.announceRecipientCount",
    tokens: "read",
    on: "invite-only",
    input: (c) => ({ eventId: c.private, recipientGroup: "all" }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "events.announce",
    tokens: "admin",
    on: "open",
    input: (c) => ({ eventId: c.open, subject: "Soon", body: "<p>Come</p>", recipientGroup: "admins" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.announce",
    tokens: "admin",
    on: "invite-only",
    input: (c) => ({ eventId: c.private, subject: "Soon", body: "<p>Come</p>", recipientGroup: "admins" }),
    expect: hidden(OWNER_OR_ADMIN),
  },
];
