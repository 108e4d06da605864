/** The fresh rows each call of the procedure table is made on, so that one call cannot change another's answer. */
import { randomUUID } from "node:crypto";
import { generateToken, hashToken, type SessionUser } from "@club/auth";
import { comments, type Db, eventInvitations, eventParticipants, events, sessions } from "@club/db";
import type { JobSender } from "@club/jobs";
import { insertMediaRow } from "./media-row";
/** What inputs are made with: the database, the job queue, and members the rows name. */
export interface Fixture {
  db: Db;
  jobs: JobSender;
  /**
   * `owner` (Founding) creates every cell's rows; `other` is invited to its invite-only event;
   * `founding` waits on its open one; `victim` is who admin actions act on, and a member who hides
   * her e-mail address: she goes to every cell's open event and comments on it, so every answer
   * that names its people names her (the permission table looks for her address in each).
   */
  people: Record<"owner" | "other" | "founding" | "victim", { id: string }>;
}

export interface Cell extends Fixture {
  /** Who calls (inputs that name the caller use her); null for a visitor. */
  me: Pick<SessionUser, "id" | "name"> | null;
  /** Fresh rows owned by `owner`. */
  open: string;
  private: string;
  openMedia: string;
  privateMedia: string;
  openComment: string;
  privateComment: string;
}

/** Fresh rows owned by `people.owner`, for one call by `me`. */
export async function freshCell(fx: Fixture, me: Cell["me"]): Promise<Cell> {
  const { db, people } = fx;
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
    insertMediaRow(db, {
      name: "Photo of the day",
      title: "Photo of the day",
      associatedEventId: eventId,
      uploadedBy: owner,
    });
  const comment = async (commentableId: string, userId = owner) => {
    const [row] = await db
      .insert(comments)
      .values({ commentableId, userId, content: "Lovely" })
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
  await db.insert(eventParticipants).values({ eventId: open, userId: people.victim.id });
  await comment(open, people.victim.id);
  const openMedia = await item(open);
  const privateMedia = await item(priv);
  return {
    ...fx,
    me,
    open,
    private: priv,
    openMedia,
    privateMedia,
    openComment: await comment(open),
    privateComment: await comment(privateMedia),
  };
}

/** The id of the session `contextFor` gives a member (signed in with a password). */
export const testSessionId = (userId: string) => `session-${userId}`;

/**
 * Stores the session `contextFor` gives a member, as confirmed by e-mail until `until` (null: not
 * confirmed): adding a passkey or an identity from a password session reads it.
 */
export async function storeTestSession(db: Db, userId: string, until: Date | null) {
  const id = testSessionId(userId);
  await db
    .insert(sessions)
    .values({ id, userId, expiresAt: new Date(Date.now() + 86_400_000), confirmedUntil: until })
    .onConflictDoUpdate({ target: sessions.id, set: { confirmedUntil: until } });
}
