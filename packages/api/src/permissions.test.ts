import { randomUUID } from "node:crypto";
import { createApiToken, generateToken, hashToken, type SessionUser } from "@club/auth";
import {
  applications,
  comments,
  eventInvitations,
  eventParticipants,
  events,
  eventWaitlist,
  mailOutbox,
  media,
} from "@club/db";
import { eq, sql } from "@club/db/orm";
import { enqueueMail } from "@club/mail";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetFeed } from "./domain/events/feed";
import { createInvitationCode } from "./domain/invitation-codes";
import { createPasswordResetToken, createRegistrationToken } from "./domain/one-time-tokens";
import { appRouter } from "./root";
import { type TestApi, testApi } from "./test/api";

/**
 * The permission table: every procedure × every kind of caller → allowed ("ok") or the refusal's
 * code. A procedure without a row fails the first test, so a new procedure cannot ship without
 * deciding who may call it. Each cell runs on fresh rows, so a delete in one cell cannot change
 * another's answer.
 */
const roles = ["anonymous", "standard", "founding", "other", "owner", "admin", "mustChange"] as const;
type Role = (typeof roles)[number];
type Outcome = "ok" | TRPCError["code"];
type Expect = Record<Role, Outcome>;

// Who is who: `owner` (Founding) created every event, media item and comment of a cell; `other`
// (Travel Host) holds a pending invitation to the owner's invite-only event; `standard` and
// `founding` are members who are neither; `mustChange` must replace a temporary password.
const all = (o: Outcome): Expect => Object.fromEntries(roles.map((r) => [r, o])) as Expect;
const PUBLIC = all("ok");
const MEMBERS: Expect = { ...all("ok"), anonymous: "UNAUTHORIZED", mustChange: "FORBIDDEN" };
const SIGNED_IN: Expect = { ...all("ok"), anonymous: "UNAUTHORIZED" };
const ADMINS: Expect = { ...all("FORBIDDEN"), anonymous: "UNAUTHORIZED", admin: "ok" };
const CREATORS: Expect = { ...MEMBERS, standard: "FORBIDDEN" };
const OWNER_OR_ADMIN: Expect = { ...MEMBERS, standard: "FORBIDDEN", founding: "FORBIDDEN", other: "FORBIDDEN" };
const AUTHOR: Expect = { ...OWNER_OR_ADMIN, admin: "FORBIDDEN" };
/** On the invite-only event (or what hangs on it): not there for those not part of it. */
const hidden = (e: Expect): Expect => ({
  ...e,
  standard: "NOT_FOUND",
  founding: "NOT_FOUND",
  mustChange: e.mustChange === "ok" ? "NOT_FOUND" : e.mustChange,
});
/** Readable without signing in, but only what a visitor may see. */
const VISITOR_HIDDEN: Expect = { ...all("ok"), anonymous: "NOT_FOUND", mustChange: "NOT_FOUND" };
/** What was on a deleted invite-only event: its uploader (the owner) and admins, nobody else. */
const uploaderOnly = (e: Expect): Expect => ({ ...hidden(e), other: "NOT_FOUND" });

let api: TestApi;
let people: Record<Exclude<Role, "anonymous">, SessionUser> & { victim: SessionUser };

interface Cell {
  me: SessionUser | null;
  /** Fresh rows owned by `owner`. */
  open: string;
  private: string;
  openMedia: string;
  privateMedia: string;
  openComment: string;
  privateComment: string;
}

async function freshCell(me: SessionUser | null): Promise<Cell> {
  const { db } = api;
  const owner = people.owner.id;
  const event = async (exclusivity: "open" | "invite-only") => {
    const [row] = await db
      .insert(events)
      .values({
        slug: `e-${randomUUID()}`,
        title: `Event ${exclusivity}`,
        description: "d",
        eventDate: "2027-03-01",
        exclusivity,
        createdBy: owner,
      })
      .returning({ id: events.id });
    return row!.id;
  };
  const item = (eventId: string) =>
    api.mediaRow({
      name: "Photo of the day",
      title: "Photo of the day",
      associatedEventId: eventId,
      uploadedBy: owner,
    });
  const comment = async (commentableId: string) => {
    const [row] = await db
      .insert(comments)
      .values({ commentableId, userId: owner, content: "Lovely" })
      .returning({ id: comments.id });
    return row!.id;
  };
  const open = await event("open");
  const priv = await event("invite-only");
  await db.insert(eventInvitations).values({
    tokenHash: hashToken(generateToken()),
    eventId: priv,
    inviteeId: people.other.id,
    invitedBy: owner,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const openMedia = await item(open);
  const privateMedia = await item(priv);
  return {
    me,
    open,
    private: priv,
    openMedia,
    privateMedia,
    openComment: await comment(open),
    privateComment: await comment(privateMedia),
  };
}

/** The cell's item as a video whose transcoding gave up (what "Try again" is for). */
async function failedVideo(id: string) {
  await api.db.update(media).set({ mediaType: "video", processing: "failed" }).where(eq(media.id, id));
  return { id };
}

/**
 * The cell's invite-only event deleted by its creator: its media item (with a comment) stays, for
 * its uploader and admins only (docs/decisions.md, "Media of a deleted invite-only event").
 */
async function orphaned(c: Cell) {
  await api.callerFor(people.owner).events.delete({ id: c.private });
  return c.privateMedia;
}

interface Row {
  path: string;
  /** Tells rows of one procedure apart. */
  on?: string;
  input: (c: Cell) => unknown;
  expect: Expect;
}

const application = (code: string) => ({
  invitationCode: code,
  full_name: "Ann Applicant",
  email: `ann-${randomUUID()}@club.test`,
  phone: "1-5551234567",
  reason: "Time for myself",
  interests: ["Travel"],
  availability: "Weekends",
  membershipType: "Standard",
});

const failedMail = async () => {
  const [id] = await enqueueMail(api.db, api.jobs, [{ to: "x@club.test", subject: "S", html: "<p>B</p>" }]);
  await api.db.update(mailOutbox).set({ status: "failed" }).where(eq(mailOutbox.id, id!));
  return id!;
};

/** A housekeeping job that failed (the queue in these tests has no workers: its state is set here). */
const failedJob = async () => {
  const id = await api.jobs.send("housekeeping", {}, { startAfter: 3600 });
  await api.db.execute(sql`update pgboss.job set state = 'failed', completed_on = now() where id = ${id}::uuid`);
  return id!;
};

const pendingApplication = async () => {
  const [row] = await api.db
    .insert(applications)
    .values({ fullName: "Pat", email: `pat-${randomUUID()}@club.test`, reason: "r", membershipType: "Standard" })
    .returning({ id: applications.id });
  return row!.id;
};

const rows: Row[] = [
  { path: "auth.status", input: () => undefined, expect: PUBLIC },
  { path: "auth.login", input: () => ({ email: "login@club.test", password: "password1" }), expect: PUBLIC },
  { path: "auth.logout", input: () => undefined, expect: PUBLIC },
  { path: "auth.me", input: () => undefined, expect: SIGNED_IN },
  { path: "auth.updateUser", input: (c) => ({ name: c.me?.name ?? "Visitor" }), expect: MEMBERS },
  {
    path: "auth.updatePassword",
    input: () => ({ oldPassword: "password1", newPassword: "password1" }),
    expect: SIGNED_IN,
  },

  { path: "invitationCodes.validate", input: () => ({ code: "NOT-A-REAL-CODE" }), expect: PUBLIC },
  { path: "invitationCodes.create", input: () => ({}), expect: ADMINS },
  { path: "invitationCodes.list", input: () => undefined, expect: ADMINS },
  {
    path: "invitationCodes.revoke",
    input: async () => ({ id: (await createInvitationCode(api.db)).row.id }),
    expect: ADMINS,
  },

  {
    path: "applications.submit",
    input: async () => application((await createInvitationCode(api.db)).code),
    expect: PUBLIC,
  },
  { path: "applications.list", input: () => undefined, expect: ADMINS },
  {
    path: "applications.setStatus",
    input: async () => ({ id: await pendingApplication(), accepted: false }),
    expect: ADMINS,
  },

  {
    path: "registration.validateToken",
    input: async () => ({
      token: await createRegistrationToken(api.db, {
        email: `reg-${randomUUID()}@club.test`,
        applicationId: await pendingApplication(),
        memberType: "Standard",
      }),
    }),
    expect: PUBLIC,
  },
  {
    path: "registration.register",
    input: async () => ({
      token: await createRegistrationToken(api.db, {
        email: `reg-${randomUUID()}@club.test`,
        applicationId: await pendingApplication(),
        memberType: "Standard",
      }),
      password: "password1",
      name: "New Member",
      type: "Standard",
    }),
    expect: PUBLIC,
  },

  { path: "passwordReset.request", input: () => ({ email: "nobody@club.test" }), expect: PUBLIC },
  {
    path: "passwordReset.reset",
    input: async () => ({ token: await createPasswordResetToken(api.db, people.victim.id), newPassword: "password1" }),
    expect: PUBLIC,
  },

  {
    path: "users.create",
    input: () => ({ email: `made-${randomUUID()}@club.test`, name: "Made", password: "password1" }),
    expect: ADMINS,
  },
  { path: "users.list", input: () => undefined, expect: ADMINS },
  { path: "users.list", on: "a searched page", input: () => ({ search: "vic", limit: 50 }), expect: ADMINS },
  { path: "users.temporaryPassword", input: () => undefined, expect: ADMINS },
  { path: "users.setPrivilege", input: () => ({ userId: people.victim.id, type: "Standard" }), expect: ADMINS },
  { path: "users.resetPasswordToTemp", input: () => ({ userId: people.victim.id }), expect: ADMINS },
  {
    path: "users.resetPasswordToTemp",
    on: "her own account",
    input: (c) => ({ userId: c.me?.id ?? people.victim.id }),
    expect: { ...ADMINS, admin: "FORBIDDEN" },
  },
  { path: "users.setTestingTeam", input: () => ({ userId: people.victim.id, testingTeam: true }), expect: ADMINS },

  { path: "adminMail.members", input: () => undefined, expect: ADMINS },
  {
    path: "adminMail.send",
    input: () => ({ subject: "Hello", body: "<p>Hi</p>", recipientGroup: "admins" }),
    expect: ADMINS,
  },

  { path: "mailOutbox.list", input: () => ({ status: "captured" }), expect: ADMINS },
  { path: "mailOutbox.summary", input: () => undefined, expect: ADMINS },
  { path: "mailOutbox.get", input: async () => ({ id: await failedMail() }), expect: ADMINS },
  { path: "mailOutbox.retry", input: async () => ({ id: await failedMail() }), expect: ADMINS },

  { path: "jobs.summary", input: () => undefined, expect: ADMINS },
  { path: "jobs.failures", input: () => ({ limit: 5 }), expect: ADMINS },
  { path: "jobs.retry", input: async () => ({ kind: "housekeeping", id: await failedJob() }), expect: ADMINS },

  { path: "events.list", input: () => undefined, expect: MEMBERS },
  { path: "events.choices", input: () => ({ withMedia: true }), expect: MEMBERS },
  { path: "events.get", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  { path: "events.get", on: "invite-only", input: (c) => ({ id: c.private }), expect: hidden(MEMBERS) },
  { path: "events.create", input: () => ({ title: "Supper" }), expect: CREATORS },
  { path: "events.update", on: "open", input: (c) => ({ id: c.open, title: "Renamed" }), expect: OWNER_OR_ADMIN },
  {
    path: "events.update",
    on: "invite-only",
    input: (c) => ({ id: c.private, title: "Renamed" }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  { path: "events.delete", on: "open", input: (c) => ({ id: c.open }), expect: OWNER_OR_ADMIN },
  { path: "events.delete", on: "invite-only", input: (c) => ({ id: c.private }), expect: hidden(OWNER_OR_ADMIN) },
  {
    path: "events.addParticipants",
    input: (c) => ({ eventId: c.open, userIds: [people.owner.id] }),
    expect: ADMINS,
  },
  { path: "events.join", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  { path: "events.join", on: "invite-only", input: (c) => ({ id: c.private }), expect: hidden(MEMBERS) },
  { path: "events.leave", on: "open", input: (c) => ({ id: c.open }), expect: MEMBERS },
  { path: "events.leave", on: "invite-only", input: (c) => ({ id: c.private }), expect: hidden(MEMBERS) },
  { path: "preferences.get", input: () => undefined, expect: MEMBERS },
  { path: "calendarFeed.get", input: () => undefined, expect: MEMBERS },
  { path: "calendarFeed.reset", input: () => ({ includeOpen: true }), expect: MEMBERS },
  { path: "calendarFeed.update", input: () => ({ includeOpen: true }), expect: MEMBERS },
  { path: "calendarFeed.remove", input: () => undefined, expect: MEMBERS },
  // The secret is the credential: an unknown one finds nothing, signed in or not.
  { path: "calendarFeed.feed", on: "unknown secret", input: () => ({ secret: "nope" }), expect: all("NOT_FOUND") },
  {
    path: "calendarFeed.feed",
    on: "a member's secret",
    input: async () => ({ secret: await resetFeed(api.db, people.owner.id, false) }),
    expect: PUBLIC,
  },
  { path: "preferences.update", input: () => ({ eventReminders: false }), expect: MEMBERS },
  { path: "events.attendees", on: "open", input: (c) => ({ id: c.open }), expect: OWNER_OR_ADMIN },
  { path: "events.attendees", on: "invite-only", input: (c) => ({ id: c.private }), expect: hidden(OWNER_OR_ADMIN) },
  {
    path: "events.moveFromWaitlist",
    on: "open",
    input: async (c) => {
      await api.db.insert(eventWaitlist).values({ eventId: c.open, userId: people.founding.id });
      return { eventId: c.open, userId: people.founding.id };
    },
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.moveFromWaitlist",
    on: "invite-only",
    input: async (c) => {
      // Someone outside the cells' roles waits (one who waits may see the event).
      await api.db.insert(eventWaitlist).values({ eventId: c.private, userId: people.victim.id });
      return { eventId: c.private, userId: people.victim.id };
    },
    expect: hidden(OWNER_OR_ADMIN),
  },
  {
    path: "events.sendConfirmation",
    on: "her own",
    input: async (c) => {
      const userId = c.me?.id ?? people.owner.id;
      await api.db.insert(eventParticipants).values({ eventId: c.open, userId });
      return { eventId: c.open, userId };
    },
    expect: MEMBERS,
  },
  {
    path: "events.sendConfirmation",
    on: "someone else's",
    input: async (c) => {
      await api.db.insert(eventParticipants).values({ eventId: c.open, userId: people.owner.id });
      return { eventId: c.open, userId: people.owner.id };
    },
    expect: { ...OWNER_OR_ADMIN },
  },
  { path: "events.invitableMembers", input: () => undefined, expect: MEMBERS },
  {
    path: "events.invite",
    on: "open",
    input: (c) => ({ eventId: c.open, userIds: [people.victim.id] }),
    expect: MEMBERS,
  },
  {
    path: "events.invite",
    on: "invite-only",
    input: (c) => ({ eventId: c.private, userIds: [people.victim.id] }),
    expect: hidden(MEMBERS),
  },
  {
    path: "events.acceptInvite",
    on: "her own invitation",
    input: async (c) => {
      const token = generateToken();
      await api.db.insert(eventInvitations).values({
        tokenHash: hashToken(token),
        eventId: c.private,
        inviteeId: c.me?.id ?? people.victim.id,
        invitedBy: people.owner.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      return { token };
    },
    expect: MEMBERS,
  },
  {
    path: "events.announce",
    on: "open",
    input: (c) => ({ eventId: c.open, subject: "Soon", body: "<p>Come</p>", recipientGroup: "admins" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "events.announce",
    on: "invite-only",
    input: (c) => ({ eventId: c.private, subject: "Soon", body: "<p>Come</p>", recipientGroup: "admins" }),
    expect: hidden(OWNER_OR_ADMIN),
  },

  { path: "apiTokens.list", input: () => undefined, expect: MEMBERS },
  { path: "apiTokens.create", input: () => ({ name: "script" }), expect: MEMBERS },
  {
    path: "apiTokens.revoke",
    input: async (c) => ({ id: (await createApiToken(api.db, { userId: c.me?.id ?? people.owner.id, name: "t" })).id }),
    expect: MEMBERS,
  },

  { path: "media.list", input: () => undefined, expect: MEMBERS },
  { path: "media.tags", input: () => ({ prefix: "sa" }), expect: MEMBERS },
  { path: "media.get", on: "open", input: (c) => ({ id: c.openMedia }), expect: MEMBERS },
  { path: "media.get", on: "invite-only", input: (c) => ({ id: c.privateMedia }), expect: hidden(MEMBERS) },
  {
    path: "media.get",
    on: "a deleted invite-only event's",
    input: async (c) => ({ id: await orphaned(c) }),
    expect: uploaderOnly(MEMBERS),
  },
  {
    path: "media.update",
    on: "a deleted invite-only event's",
    input: async (c) => ({ id: await orphaned(c), description: "New words" }),
    expect: uploaderOnly(OWNER_OR_ADMIN),
  },
  {
    path: "media.update",
    on: "open",
    input: (c) => ({ id: c.openMedia, description: "New words" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "media.update",
    on: "invite-only",
    input: (c) => ({ id: c.privateMedia, description: "New words" }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  { path: "media.retryProcessing", on: "open", input: (c) => failedVideo(c.openMedia), expect: OWNER_OR_ADMIN },
  {
    path: "media.retryProcessing",
    on: "invite-only",
    input: (c) => failedVideo(c.privateMedia),
    expect: hidden(OWNER_OR_ADMIN),
  },
  { path: "media.delete", on: "open", input: (c) => ({ media: [c.openMedia] }), expect: OWNER_OR_ADMIN },
  {
    path: "media.delete",
    on: "invite-only",
    input: (c) => ({ media: [c.privateMedia] }),
    expect: hidden(OWNER_OR_ADMIN),
  },

  { path: "images.byEvent", on: "open", input: (c) => ({ eventId: c.open }), expect: MEMBERS },
  { path: "images.byEvent", on: "invite-only", input: (c) => ({ eventId: c.private }), expect: hidden(MEMBERS) },
  { path: "images.byTitle", input: () => ({ title: "Photo of the day" }), expect: MEMBERS },
  {
    path: "images.update",
    on: "open",
    input: (c) => ({ id: c.openMedia, description: "Words" }),
    expect: OWNER_OR_ADMIN,
  },
  {
    path: "images.update",
    on: "invite-only",
    input: (c) => ({ id: c.privateMedia, description: "Words" }),
    expect: hidden(OWNER_OR_ADMIN),
  },

  // The same reading rules for the whole list and for a page of it.
  ...(["comments.list", "comments.page"] as const).flatMap((path): Row[] => [
    { path, on: "an open event", input: (c) => ({ commentableId: c.open }), expect: PUBLIC },
    { path, on: "an open event's media", input: (c) => ({ commentableId: c.openMedia }), expect: VISITOR_HIDDEN },
    {
      path,
      on: "invite-only media",
      input: (c) => ({ commentableId: c.privateMedia }),
      expect: hidden(VISITOR_HIDDEN),
    },
    {
      path,
      on: "a deleted invite-only event's media",
      input: async (c) => ({ commentableId: await orphaned(c) }),
      expect: uploaderOnly(VISITOR_HIDDEN),
    },
  ]),
  {
    path: "comments.create",
    on: "an open event",
    input: (c) => ({ commentableId: c.open, content: "Hello" }),
    expect: MEMBERS,
  },
  {
    path: "comments.create",
    on: "invite-only media",
    input: (c) => ({ commentableId: c.privateMedia, content: "Hello" }),
    expect: hidden(MEMBERS),
  },
  { path: "comments.update", on: "open", input: (c) => ({ id: c.openComment, content: "Edited" }), expect: AUTHOR },
  {
    path: "comments.update",
    on: "invite-only",
    input: (c) => ({ id: c.privateComment, content: "Edited" }),
    expect: hidden(AUTHOR),
  },
  { path: "comments.delete", on: "open", input: (c) => ({ id: c.openComment }), expect: OWNER_OR_ADMIN },
  {
    path: "comments.delete",
    on: "invite-only",
    input: (c) => ({ id: c.privateComment }),
    expect: hidden(OWNER_OR_ADMIN),
  },
  { path: "comments.like", on: "open", input: (c) => ({ id: c.openComment }), expect: MEMBERS },
  { path: "comments.like", on: "invite-only", input: (c) => ({ id: c.privateComment }), expect: hidden(MEMBERS) },
  {
    path: "comments.like",
    on: "a deleted invite-only event's media",
    input: async (c) => {
      await orphaned(c);
      return { id: c.privateComment };
    },
    expect: uploaderOnly(MEMBERS),
  },
  { path: "comments.unlike", on: "open", input: (c) => ({ id: c.openComment }), expect: MEMBERS },
  { path: "comments.unlike", on: "invite-only", input: (c) => ({ id: c.privateComment }), expect: hidden(MEMBERS) },
];

beforeAll(async () => {
  api = await testApi();
  people = {
    standard: await api.member("standard@club.test", { type: "Standard" }),
    founding: await api.member("founding@club.test", { type: "Founding" }),
    other: await api.member("other@club.test", { type: "Travel Host" }),
    owner: await api.member("owner@club.test", { type: "Founding" }),
    admin: await api.member("admin@club.test", { type: "Standard", admin: true }),
    mustChange: await api.member("temp@club.test", { type: "Founding", mustChangePassword: true }),
    victim: await api.member("victim@club.test"),
  };
  await api.member("login@club.test");
});
afterAll(() => api.close());

async function outcome(row: Row, role: Role): Promise<Outcome> {
  const me = role === "anonymous" ? null : people[role];
  const cell = await freshCell(me);
  const input = await row.input(cell);
  // The router keeps procedures flat by dotted path; the caller reaches them by the same path.
  let target: unknown = api.callerFor(me);
  for (const key of row.path.split(".")) target = (target as Record<string, unknown>)[key];
  try {
    await (target as (input: unknown) => Promise<unknown>)(input);
    return "ok";
  } catch (err) {
    if (err instanceof TRPCError && err.code !== "INTERNAL_SERVER_ERROR") return err.code;
    throw err;
  }
}

describe("the permission table", () => {
  it("has a row for every procedure", () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    const covered = new Set(rows.map((r) => r.path));
    expect(procedures.filter((p) => !covered.has(p))).toEqual([]);
    expect([...covered].filter((p) => !procedures.includes(p))).toEqual([]);
  });

  it.each(rows.map((r) => [`${r.path}${r.on ? ` (${r.on})` : ""}`, r] as const))("%s", async (_name, row) => {
    const got = {} as Expect;
    for (const role of roles) got[role] = await outcome(row, role);
    expect(got).toEqual(row.expect);
  });

  afterAll(() => {
    const cells = rows.length * roles.length;
    const allowed = rows.reduce((n, r) => n + roles.filter((role) => r.expect[role] === "ok").length, 0);
    console.info(
      `permission table: ${rows.length} rows (${new Set(rows.map((r) => r.path)).size} procedures) × ${roles.length} roles = ${cells} cells; ${allowed} allowed, ${cells - allowed} refused`,
    );
  });
});
