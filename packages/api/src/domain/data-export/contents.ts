import {
  apiTokens,
  applicationProperties,
  applications,
  calendarFeeds,
  commentLikes,
  comments,
  eventInvitations,
  eventParticipants,
  events,
  eventWaitlist,
  media,
  mediaLikes,
  passkeys,
  type Queryable,
  sessions,
  userIdentities,
  users,
} from "@club/db";
import { aliasedTable, and, asc, eq, gt, inArray, isNull, sql } from "@club/db/orm";
import { describeUserAgent } from "../ways-in/member-sessions";
import { communitySections } from "./community";
import { conversationSections } from "./conversations";
import { PAGE, paged, type Section } from "./paging";
import { travelSections } from "./travel";

/**
 * What the club holds of one member, section by section, as `data.json` of her data export. Each
 * section is read when it is written, so one section at most is in memory at a time; the long ones
 * (comments, likes) are read a page at a time. Every column is chosen by name: no secret (password
 * hash, token or session hash, passkey key, calendar feed hash) can slip in with a new column.
 */

export type { Section } from "./paging";

/** The member whose data it is; none when the account is gone. */
export async function exportedMember(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      type: users.type,
      admin: users.admin,
      testingTeam: users.testingTeam,
      eventReminders: users.eventReminders,
      // Every switch of Settings → E-mail, as she set it.
      mailGroup: users.mailGroup,
      mailAnnouncements: users.mailAnnouncements,
      mailEventChanges: users.mailEventChanges,
      mailDigest: users.mailDigest,
      /** When she last opened her home (My club). */
      homeSeenAt: users.homeSeenAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type ExportedMember = NonNullable<Awaited<ReturnType<typeof exportedMember>>>;

/** Her uploads (ready ones), oldest first: their details in data.json, their files beside it. */
export function uploadsOf(db: Queryable, userId: string) {
  return db
    .select({
      id: media.id,
      mediaType: media.mediaType,
      name: media.name,
      fileName: media.fileName,
      title: media.title,
      description: media.description,
      tags: media.tags,
      contentType: media.contentType,
      sizeBytes: media.sizeBytes,
      eventId: media.associatedEventId,
      uploadDate: media.uploadDate,
      storageKey: media.storageKey,
      displayKey: media.displayKey,
      playbackKey: media.playbackKey,
    })
    .from(media)
    .where(and(eq(media.uploadedBy, userId), eq(media.status, "ready")))
    .orderBy(asc(media.uploadDate), asc(media.id));
}

/** The sections of data.json, in order. `files` names each upload's files in the zip (by media id). */
export function sections(
  db: Queryable,
  member: ExportedMember,
  files: Map<string, { file: string; display?: string }>,
): Section[] {
  const id = member.id;
  const inviter = aliasedTable(users, "inviter");
  const invitee = aliasedTable(users, "invitee");
  return [
    { name: "profile", value: async () => member },
    {
      name: "applications",
      // An application is hers by its e-mail (it was made before her account).
      value: async () => {
        const rows = await db
          .select({
            id: applications.id,
            fullName: applications.fullName,
            email: applications.email,
            phone: applications.phone,
            reason: applications.reason,
            interests: applications.interests,
            availability: applications.availability,
            referral: applications.referral,
            comments: applications.comments,
            membershipType: applications.membershipType,
            accepted: applications.accepted,
            decidedAt: applications.decidedAt,
            createdAt: applications.createdAt,
          })
          .from(applications)
          .where(eq(sql`lower(${applications.email})`, member.email))
          .orderBy(asc(applications.createdAt));
        const properties = rows.length
          ? await db
              .select({
                applicationId: applicationProperties.applicationId,
                address: applicationProperties.address,
                type: applicationProperties.type,
                description: applicationProperties.description,
                availability: applicationProperties.availability,
              })
              .from(applicationProperties)
              .where(
                inArray(
                  applicationProperties.applicationId,
                  rows.map((r) => r.id),
                ),
              )
          : [];
        return rows.map((r) => ({
          ...r,
          properties: properties.filter((p) => p.applicationId === r.id).map(({ applicationId: _, ...p }) => p),
        }));
      },
    },
    {
      name: "eventsCreated",
      value: () =>
        db
          .select({
            id: events.id,
            slug: events.slug,
            title: events.title,
            type: events.type,
            exclusivity: events.exclusivity,
            description: events.description,
            note: events.note,
            eventDate: events.eventDate,
            endDate: events.endDate,
            startTime: events.startTime,
            endTime: events.endTime,
            isPhysical: events.isPhysical,
            location: events.location,
            city: events.city,
            state: events.state,
            zipCode: events.zipCode,
            country: events.country,
            virtualLink: events.virtualLink,
            capacity: events.capacity,
            guestsPerMember: events.guestsPerMember,
            createdAt: events.createdAt,
            updatedAt: events.updatedAt,
          })
          .from(events)
          .where(eq(events.createdBy, id))
          .orderBy(asc(events.eventDate), asc(events.id)),
    },
    {
      name: "eventsJoined",
      value: () =>
        db
          .select({
            eventId: events.id,
            title: events.title,
            eventDate: events.eventDate,
            guests: eventParticipants.guests,
            joinedAt: eventParticipants.joinedAt,
          })
          .from(eventParticipants)
          .innerJoin(events, eq(events.id, eventParticipants.eventId))
          .where(eq(eventParticipants.userId, id))
          .orderBy(asc(events.eventDate), asc(events.id)),
    },
    {
      name: "waitlistPlaces",
      value: () =>
        db
          .select({
            eventId: events.id,
            title: events.title,
            eventDate: events.eventDate,
            guests: eventWaitlist.guests,
            joinedAt: eventWaitlist.joinedAt,
          })
          .from(eventWaitlist)
          .innerJoin(events, eq(events.id, eventWaitlist.eventId))
          .where(eq(eventWaitlist.userId, id))
          .orderBy(asc(eventWaitlist.joinedAt)),
    },
    {
      name: "comments",
      rows: () =>
        paged((after) =>
          db
            .select({
              cursor: comments.id,
              id: comments.id,
              on: comments.commentableId,
              content: comments.content,
              createdAt: comments.createdAt,
              updatedAt: comments.updatedAt,
            })
            .from(comments)
            .where(and(eq(comments.userId, id), after ? gt(comments.id, after) : undefined))
            .orderBy(asc(comments.id))
            .limit(PAGE),
        ),
    },
    {
      name: "likes",
      rows: () =>
        paged((after) =>
          db
            .select({
              cursor: commentLikes.commentId,
              commentId: commentLikes.commentId,
              createdAt: commentLikes.createdAt,
            })
            .from(commentLikes)
            .where(and(eq(commentLikes.userId, id), after ? gt(commentLikes.commentId, after) : undefined))
            .orderBy(asc(commentLikes.commentId))
            .limit(PAGE),
        ),
    },
    {
      name: "mediaLikes",
      rows: () =>
        paged((after) =>
          db
            .select({
              cursor: mediaLikes.mediaId,
              mediaId: mediaLikes.mediaId,
              createdAt: mediaLikes.createdAt,
            })
            .from(mediaLikes)
            .where(and(eq(mediaLikes.userId, id), after ? gt(mediaLikes.mediaId, after) : undefined))
            .orderBy(asc(mediaLikes.mediaId))
            .limit(PAGE),
        ),
    },
    {
      name: "invitationsSent",
      value: () =>
        db
          .select({
            eventId: events.id,
            event: events.title,
            invitee: invitee.name,
            createdAt: eventInvitations.createdAt,
            expiresAt: eventInvitations.expiresAt,
            acceptedAt: eventInvitations.acceptedAt,
          })
          .from(eventInvitations)
          .innerJoin(events, eq(events.id, eventInvitations.eventId))
          .innerJoin(invitee, eq(invitee.id, eventInvitations.inviteeId))
          .where(eq(eventInvitations.invitedBy, id))
          .orderBy(asc(eventInvitations.createdAt)),
    },
    {
      name: "invitationsReceived",
      value: () =>
        db
          .select({
            eventId: events.id,
            event: events.title,
            invitedBy: inviter.name,
            createdAt: eventInvitations.createdAt,
            expiresAt: eventInvitations.expiresAt,
            acceptedAt: eventInvitations.acceptedAt,
          })
          .from(eventInvitations)
          .innerJoin(events, eq(events.id, eventInvitations.eventId))
          .leftJoin(inviter, eq(inviter.id, eventInvitations.invitedBy))
          .where(eq(eventInvitations.inviteeId, id))
          .orderBy(asc(eventInvitations.createdAt)),
    },
    {
      name: "uploads",
      rows: async function* () {
        for (const u of await uploadsOf(db, id)) {
          const { storageKey: _s, displayKey: _d, playbackKey: _p, ...details } = u;
          yield { ...details, files: files.get(u.id) ?? null };
        }
      },
    },
    {
      name: "apiTokens",
      value: () =>
        db
          .select({
            name: apiTokens.name,
            scope: apiTokens.scope,
            createdAt: apiTokens.createdAt,
            expiresAt: apiTokens.expiresAt,
            lastUsedAt: apiTokens.lastUsedAt,
          })
          .from(apiTokens)
          .where(and(eq(apiTokens.userId, id), isNull(apiTokens.revokedAt)))
          .orderBy(asc(apiTokens.createdAt)),
    },
    {
      name: "sessions",
      value: async () => {
        const rows = await db
          .select({
            userAgent: sessions.userAgent,
            ip: sessions.ip,
            method: sessions.method,
            createdAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
          })
          .from(sessions)
          .where(eq(sessions.userId, id))
          .orderBy(asc(sessions.createdAt));
        return rows.map(({ userAgent, ip, ...r }) => {
          const { browser, system } = describeUserAgent(userAgent);
          return { browser, system, userAgent, address: ip, ...r };
        });
      },
    },
    {
      name: "passkeys",
      value: () =>
        db
          .select({
            name: passkeys.name,
            deviceType: passkeys.deviceType,
            backedUp: passkeys.backedUp,
            createdAt: passkeys.createdAt,
            lastUsedAt: passkeys.lastUsedAt,
          })
          .from(passkeys)
          .where(eq(passkeys.userId, id))
          .orderBy(asc(passkeys.createdAt)),
    },
    {
      name: "linkedIdentities",
      value: () =>
        db
          .select({
            issuer: userIdentities.issuer,
            email: userIdentities.email,
            createdAt: userIdentities.createdAt,
            lastUsedAt: userIdentities.lastUsedAt,
            unlinkedAt: userIdentities.unlinkedAt,
          })
          .from(userIdentities)
          .where(eq(userIdentities.userId, id))
          .orderBy(asc(userIdentities.createdAt)),
    },
    {
      name: "calendarFeed",
      // Whether she has one, not its secret address.
      value: async () => {
        const [feed] = await db
          .select({ includeOpen: calendarFeeds.includeOpen, createdAt: calendarFeeds.createdAt })
          .from(calendarFeeds)
          .where(eq(calendarFeeds.userId, id));
        return feed ?? null;
      },
    },
    ...communitySections(db, id),
    ...travelSections(db, id),
    ...conversationSections(db, id),
  ];
}

/**
 * data.json as text pieces: `{"exportedAt":…,"profile":{…},"comments":[{…},{…}],…}`, each section
 * (or row of a paged section) written as soon as it is read.
 */
export async function* jsonPieces(list: Section[], exportedAt: Date): AsyncGenerator<string> {
  yield `{\n  "exportedAt": ${JSON.stringify(exportedAt)}`;
  for (const section of list) {
    yield `,\n  ${JSON.stringify(section.name)}: `;
    if ("value" in section) {
      yield JSON.stringify(await section.value(), null, 2).replace(/\n/g, "\n  ");
      continue;
    }
    let first = true;
    for await (const row of section.rows()) {
      yield `${first ? "[\n    " : ",\n    "}${JSON.stringify(row)}`;
      first = false;
    }
    yield first ? "[]" : "\n  ]";
  }
  yield "\n}\n";
}
