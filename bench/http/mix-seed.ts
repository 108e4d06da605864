// The realistic-mix benchmark's club: members of every type (two of them admins) with their
// profiles, events over two years around today (a quarter invite-only), media with tags, comments
// with likes. At two scales:
// small (500 members, 250 events, 5,000 media, 1,000 comments) and large (10,000 members, 2,000
// events, 50,000 media, 200,000 comments), inserted 1,000 rows at a time. The first 200 members are
// the benchmark's: each has a session of her own; the rest only fill the tables.
import { createSession, SESSION_COOKIE } from "@club/auth";
import {
  commentLikes,
  comments,
  type Db,
  eventInvitations,
  eventParticipants,
  events,
  media,
  profiles,
  users,
} from "@club/db";

export type Scale = "small" | "large";

export const SCALES = {
  small: { members: 500, events: 250, media: 5_000, comments: 1_000 },
  large: { members: 10_000, events: 2_000, media: 50_000, comments: 200_000 },
} as const;

/** Members with a session: the ones the benchmark's requests are made as. */
export const BENCH_MEMBERS = 200;
const BATCH = 1_000;
const DAY = 86_400_000;

export interface BenchMember {
  id: string;
  type: "Founding" | "Standard" | "Travel Host";
  admin: boolean;
  cookie: string;
}

/** What the benchmark asks for: only items every bench member may see. */
export interface MixFixture {
  scale: Scale;
  counts: { members: number; events: number; media: number; comments: number };
  members: BenchMember[];
  /** Open events, and invite-only ones every bench member was invited to (accepted). */
  events: string[];
  /** Of those, the ones with the most comments. */
  busyEvents: string[];
  /** Of those, the ones still ahead (members join and leave them). */
  upcomingEvents: string[];
  /** Media items outside invite-only events, the most commented first. */
  media: string[];
  /** Comments on the items above, for likes. */
  comments: string[];
  /** Tags in use. */
  tags: string[];
}

/** A small seeded generator (mulberry32): the same club at every run. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function inBatches<T, R>(rows: T[], insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(...(await insert(rows.slice(i, i + BATCH))));
  return out;
}

const TOPICS = [
  "A salon on leadership",
  "Wine tasting",
  "Book club",
  "Jazz night",
  "Gallery visit",
  "Board dinner",
  "Summer picnic",
  "Travel talk",
];
const CITIES = ["Boston", "New York", "Chicago", "Austin", "Seattle"];
export const THEMES = ["gala", "portrait", "summer", "dinner", "travel", "jazz", "wine", "books"];

const memberType = (i: number): BenchMember["type"] =>
  i % 10 === 0 ? "Founding" : i % 10 === 1 ? "Travel Host" : "Standard";
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export async function seedMix(db: Db, scale: Scale, log: (line: string) => void = () => {}): Promise<MixFixture> {
  const counts = SCALES[scale];
  const random = rng(37);
  const started = Date.now();
  const now = Date.now();

  const memberRows = await inBatches(
    Array.from({ length: counts.members }, (_, i) => ({
      email: `mix${i}@bench.local`,
      name: `${["Ada", "Grace", "Alan", "Edsger", "Barbara", "Ken"][i % 6]} Member ${i}`,
      passwordHash: "x",
      type: i < 2 ? ("Founding" as const) : memberType(i),
      admin: i < 2,
    })),
    (batch) => db.insert(users).values(batch).returning({ id: users.id }),
  );
  const memberIds = memberRows.map((m) => m.id);
  // Each with a profile of three talents (one most share, two of many): the directory searches them.
  await inBatches(
    memberIds.map((userId, i) => ({
      userId,
      talents: ["Negotiation", `Skill ${i % 97}`, `Craft ${i % 300}`],
    })),
    (batch) => db.insert(profiles).values(batch).returning({ id: profiles.userId }),
  );
  log(`${counts.members} members, with profiles`);

  // Events from a year ago to a year ahead; a quarter invite-only. Every eighth is one all the
  // bench members were invited to; the other invite-only ones invited a few, so the invite-only
  // rule is evaluated with both answers.
  const eventRows = await inBatches(
    Array.from({ length: counts.events }, (_, i) => {
      const day = new Date(now + Math.round(-365 + (730 * i) / counts.events) * DAY);
      return {
        slug: `mix-event-${i}`,
        title: `${TOPICS[i % TOPICS.length]} ${i}`,
        description: `An evening of conversation, food and music with the club. Event number ${i}. `.repeat(3),
        type: "entertainment" as const,
        exclusivity: i % 4 === 0 ? ("invite-only" as const) : ("open" as const),
        eventDate: isoDay(day),
        city: CITIES[i % CITIES.length],
        state: "Massachusetts",
        country: "US",
        location: `${(i % 90) + 1} Rose Lane`,
        createdBy: memberIds[(i * 7) % counts.members]!,
      };
    }),
    (batch) => db.insert(events).values(batch).returning({ id: events.id }),
  );
  const eventIds = eventRows.map((e) => e.id);
  const everyoneInvited = (i: number) => i % 8 === 0;
  const visibleToAll = (i: number) => i % 4 !== 0 || everyoneInvited(i);

  await inBatches(
    eventIds.flatMap((eventId, i) =>
      Array.from({ length: 20 }, (_, k) => ({ eventId, userId: memberIds[(i * 7 + k * 13) % counts.members]! })),
    ),
    (batch) =>
      db.insert(eventParticipants).values(batch).onConflictDoNothing().returning({ id: eventParticipants.eventId }),
  );
  await inBatches(
    eventIds.flatMap((eventId, i) => {
      if (i % 4 !== 0) return [];
      const invitees = everyoneInvited(i)
        ? memberIds.slice(0, BENCH_MEMBERS)
        : Array.from({ length: 10 }, (_, k) => memberIds[(i * 11 + k * 17) % counts.members]!);
      return invitees.map((inviteeId, k) => ({
        tokenHash: `mix-${i}-${k}`,
        eventId,
        inviteeId,
        expiresAt: new Date(now + 30 * DAY),
        acceptedAt: new Date(now - DAY),
      }));
    }),
    (batch) => db.insert(eventInvitations).values(batch).returning({ id: eventInvitations.id }),
  );
  log(`${counts.events} events, with participants and invitations`);

  // Media: a tenth in events; three tags each (one shared by all, one of 40, one theme).
  const mediaEvent = (i: number) => (i % 10 === 0 ? (i / 10) % counts.events : undefined);
  const mediaRows = await inBatches(
    Array.from({ length: counts.media }, (_, i) => {
      const inEvent = mediaEvent(i);
      return {
        objectPrefix: `media/mix-${i}`,
        storageKey: `media/mix-${i}/display.webp`,
        thumbnailKey: `media/mix-${i}/thumb.webp`,
        mediaType: "image" as const,
        contentType: "image/webp",
        sizeBytes: 100_000,
        width: 1024,
        height: 768,
        title: `Photo ${i}`,
        tags: ["salon", `tag-${i % 40}`, THEMES[i % THEMES.length]!],
        uploadedBy: memberIds[i % counts.members]!,
        associatedEventId: inEvent === undefined ? null : eventIds[inEvent]!,
        uploadDate: new Date(now - i * 60_000),
      };
    }),
    (batch) => db.insert(media).values(batch).returning({ id: media.id }),
  );
  const mediaIds = mediaRows.map((m) => m.id);
  const mediaVisible = (i: number) => {
    const e = mediaEvent(i);
    return e === undefined || visibleToAll(e);
  };
  log(`${counts.media} media`);

  // Comments: seven in ten on events, the rest on media; a few items have most of them (the
  // square of a uniform number picks the first items far more often).
  const skewed = (n: number) => Math.floor(random() ** 2 * n);
  const targets: { id: string; visible: boolean }[] = Array.from({ length: counts.comments }, () => {
    if (random() < 0.7) {
      const i = skewed(counts.events);
      return { id: eventIds[i]!, visible: visibleToAll(i) };
    }
    const i = skewed(counts.media);
    return { id: mediaIds[i]!, visible: mediaVisible(i) };
  });
  const commentRows = await inBatches(
    targets.map((t, i) => ({
      commentableId: t.id,
      userId: memberIds[Math.floor(random() * counts.members)]!,
      content: `Looking forward to it! A comment of some length, number ${i}.`,
      createdAt: new Date(now - Math.floor(random() * 180 * DAY)),
    })),
    (batch) => db.insert(comments).values(batch).returning({ id: comments.id }),
  );
  // Liked by up to five members outside the bench's (whose likes the benchmark toggles).
  const others = counts.members - BENCH_MEMBERS;
  await inBatches(
    commentRows.flatMap((c, i) =>
      Array.from({ length: i % 6 }, (_, k) => ({
        commentId: c.id,
        userId: memberIds[BENCH_MEMBERS + ((i * 31 + k * 17) % others)]!,
      })),
    ),
    (batch) => db.insert(commentLikes).values(batch).returning({ id: commentLikes.commentId }),
  );
  log(`${counts.comments} comments, with likes`);

  const members: BenchMember[] = [];
  for (let i = 0; i < BENCH_MEMBERS; i++) {
    const { token } = await createSession(db, memberIds[i]!);
    members.push({
      id: memberIds[i]!,
      type: i < 2 ? "Founding" : memberType(i),
      admin: i < 2,
      cookie: `${SESSION_COOKIE}=${token}`,
    });
  }

  const commentCount = new Map<string, number>();
  for (const t of targets) commentCount.set(t.id, (commentCount.get(t.id) ?? 0) + 1);
  const byComments = (ids: string[]) =>
    [...ids].sort((a, b) => (commentCount.get(b) ?? 0) - (commentCount.get(a) ?? 0));
  const visibleEvents = eventIds.filter((_, i) => visibleToAll(i));
  const visibleMedia = mediaIds.filter((_, i) => mediaVisible(i));
  const visibleIds = new Set([...visibleEvents, ...visibleMedia]);
  log(`${BENCH_MEMBERS} sessions; seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    scale,
    counts,
    members,
    events: visibleEvents,
    busyEvents: byComments(visibleEvents).slice(0, 20),
    upcomingEvents: eventIds.filter((_, i) => visibleToAll(i) && i > counts.events / 2 + 2),
    media: byComments(visibleMedia).slice(0, 200),
    comments: commentRows
      .filter((_, i) => visibleIds.has(targets[i]!.id))
      .slice(0, 1_000)
      .map((c) => c.id),
    tags: ["salon", ...THEMES, ...Array.from({ length: 40 }, (_, i) => `tag-${i}`)],
  };
}
