// The club's server for the HTTP benchmark, in a process of its own: migrates, seeds, listens on a
// free port and tells the parent (IPC) where, with a member's session cookie and the ids to ask for.
import { createUser, loadEnv } from "@club/api";
import { createSession, SESSION_COOKIE } from "@club/auth";
import { commentLikes, comments, eventInvitations, eventParticipants, events, media, users } from "@club/db";
import { buildApp, configFromEnv } from "@club/server";

const app = await buildApp(configFromEnv(loadEnv()), { workers: false });
const db = app.dbHandle.db;

// 500 members; the viewer is an ordinary (Standard) member, so the invite-only rule is evaluated.
const viewer = await createUser(db, { email: "viewer@bench.local", name: "Viewer", password: "bench-pass-1" });
const founder = await createUser(db, {
  email: "founder@bench.local",
  name: "Founder",
  password: "bench-pass-1",
  type: "Founding",
});
const members = await db
  .insert(users)
  .values(
    Array.from({ length: 500 }, (_, i) => ({
      email: `m${i}@bench.local`,
      name: `Member ${i}`,
      passwordHash: "x",
    })),
  )
  .returning({ id: users.id });

// 200 events she may see (a quarter invite-only with her invitation accepted), 20 participants each,
// plus 50 invite-only events she may not see.
const eventRows = await db
  .insert(events)
  .values(
    Array.from({ length: 250 }, (_, i) => ({
      slug: `event-${i}`,
      title: `Event ${i}: a salon on leadership`,
      description: `An evening of conversation about leadership, boards and growth. Event number ${i}.`.repeat(3),
      type: "entertainment" as const,
      exclusivity: i % 4 === 0 || i >= 200 ? ("invite-only" as const) : ("open" as const),
      eventDate: `2027-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      city: "Boston",
      state: "Massachusetts",
      country: "US",
      location: "1 Rose Lane",
      createdBy: founder.id,
    })),
  )
  .returning({ id: events.id, exclusivity: events.exclusivity });
await db
  .insert(eventParticipants)
  .values(
    eventRows.flatMap((e, i) => members.slice(i % 480, (i % 480) + 20).map((m) => ({ eventId: e.id, userId: m.id }))),
  );
await db.insert(eventInvitations).values(
  eventRows.slice(0, 200).flatMap((e, i) =>
    e.exclusivity === "invite-only"
      ? [
          {
            tokenHash: `bench-${i}`,
            eventId: e.id,
            inviteeId: viewer.id,
            expiresAt: new Date(Date.now() + 86_400_000),
            acceptedAt: new Date(),
          },
        ]
      : [],
  ),
);
const eventId = eventRows[1]!.id;

// 1,000 comments on one event, each liked by up to 5 members.
const commentRows = await db
  .insert(comments)
  .values(
    Array.from({ length: 1000 }, (_, i) => ({
      commentableId: eventId,
      userId: members[i % 500]!.id,
      content: `Looking forward to it! Comment ${i}.`,
      createdAt: new Date(Date.now() - i * 60_000),
    })),
  )
  .returning({ id: comments.id });
await db
  .insert(commentLikes)
  .values(commentRows.flatMap((c, i) => members.slice(0, i % 6).map((m) => ({ commentId: c.id, userId: m.id }))));

// 5,000 media items, a tenth in events.
for (let i = 0; i < 5000; i += 1000) {
  await db.insert(media).values(
    Array.from({ length: 1000 }, (_, j) => ({
      objectPrefix: `media/bench-${i + j}`,
      storageKey: `media/bench-${i + j}/display.webp`,
      thumbnailKey: `media/bench-${i + j}/thumb.webp`,
      mediaType: "image" as const,
      contentType: "image/webp",
      sizeBytes: 100_000,
      title: `Photo ${i + j}`,
      tags: ["salon", `tag-${(i + j) % 40}`],
      uploadedBy: members[(i + j) % 500]!.id,
      associatedEventId: (i + j) % 10 === 0 ? eventRows[(i + j) % 200]!.id : null,
      uploadDate: new Date(Date.now() - (i + j) * 60_000),
    })),
  );
}

const { token } = await createSession(db, viewer.id);
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ address, cookie: `${SESSION_COOKIE}=${token}`, eventId });
process.on("disconnect", () => void app.close().then(() => process.exit(0)));
