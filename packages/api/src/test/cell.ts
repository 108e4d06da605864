/** The fresh rows each call of the procedure table is made on, so that one call cannot change another's answer. */
import { randomUUID } from "node:crypto";
import { generateToken, hashToken, type SessionUser } from "@club/auth";
import { comments, type Db, eventInvitations, eventParticipants, events, sessions } from "@club/db";
import type { JobSender } from "@club/jobs";
import { insertMediaRows } from "./media-row";
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
  /** How many cells to make at a time (64 unless said): about as many as are taken between clean-ups. */
  cellsAhead?: number;
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

/** A cell's rows, made ahead of the call that takes them. */
type CellRows = Omit<Cell, keyof Fixture | "me">;

/**
 * Cells made ahead, per fixture's people. A cell is nine rows; made one at a time they cost 11 ms
 * (nine statements), which was most of the permission table's time (2,900 cells) and much of the
 * fuzzer's; made a batch at a time, each kind of row in one statement, a cell costs a fraction of
 * that. Each cell is still taken once, so no call sees another's rows changed.
 */
const madeAhead = new WeakMap<Fixture["people"], CellRows[]>();

/** Forgets the cells made ahead for these people: for a test that deletes their rows between calls. */
export function discardMadeCells(fx: Fixture): void {
  madeAhead.delete(fx.people);
}

/** Fresh rows owned by `people.owner`, for one call by `me`. */
export async function freshCell(fx: Fixture, me: Cell["me"]): Promise<Cell> {
  const ready = madeAhead.get(fx.people) ?? [];
  madeAhead.set(fx.people, ready);
  if (ready.length === 0) ready.push(...(await makeCells(fx, fx.cellsAhead ?? 64)));
  return { ...fx, me, ...ready.shift()! };
}

/**
 * `count` cells' rows: each an open event and an invite-only one (to which `other` is invited), the
 * victim going to the open one and commenting on it, a photo in each, and the owner's comments on
 * the open event and on the private photo (after the victim's, as before).
 */
async function makeCells(fx: Fixture, count: number): Promise<CellRows[]> {
  const { db, people } = fx;
  const owner = people.owner.id;
  const cells = Array.from({ length: count }, () => ({ key: randomUUID() }));
  const made = await db
    .insert(events)
    .values(
      cells.flatMap(({ key }) =>
        (["open", "invite-only"] as const).map((exclusivity) => ({
          slug: `e-${exclusivity}-${key}`,
          title: `Event ${exclusivity}`,
          description: "d",
          eventDate: "2027-03-01",
          exclusivity,
          createdBy: owner,
        })),
      ),
    )
    .returning({ id: events.id, slug: events.slug });
  const eventOf = new Map(made.map((e) => [e.slug, e.id]));
  const rows = cells.map(({ key }) => ({
    open: eventOf.get(`e-open-${key}`)!,
    private: eventOf.get(`e-invite-only-${key}`)!,
  }));
  await db.insert(eventInvitations).values(
    rows.map((r) => ({
      tokenHash: hashToken(generateToken()),
      eventId: r.private,
      inviteeId: people.other.id,
      invitedBy: owner,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  await db.insert(eventParticipants).values(rows.map((r) => ({ eventId: r.open, userId: people.victim.id })));
  await db
    .insert(comments)
    .values(rows.map((r) => ({ commentableId: r.open, userId: people.victim.id, content: "Lovely" })));
  const photos = await insertMediaRows(
    db,
    rows.flatMap((r) =>
      [r.open, r.private].map((associatedEventId) => ({
        name: "Photo of the day",
        title: "Photo of the day",
        associatedEventId,
        uploadedBy: owner,
      })),
    ),
  );
  const withPhotos = rows.map((r, i) => ({ ...r, openMedia: photos[2 * i]!, privateMedia: photos[2 * i + 1]! }));
  const ownComments = await db
    .insert(comments)
    .values(
      withPhotos.flatMap((r) =>
        [r.open, r.privateMedia].map((commentableId) => ({ commentableId, userId: owner, content: "Lovely" })),
      ),
    )
    .returning({ id: comments.id, on: comments.commentableId });
  const commentOn = new Map(ownComments.map((c) => [c.on, c.id]));
  return withPhotos.map((r) => ({
    ...r,
    openComment: commentOn.get(r.open)!,
    privateComment: commentOn.get(r.privateMedia)!,
  }));
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
