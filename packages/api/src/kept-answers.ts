/**
 * The tRPC queries whose answers a server may keep a few seconds and serve again (the server's
 * AnswerCache), each with the tables its answer is made of. The database tells of every change to
 * those tables (the club_data_changed triggers), naming the table, and a server then forgets the
 * answers made from it and only those: a like forgets comments, not the events list. A test calls
 * each procedure and checks that the tables its SQL names are exactly these.
 */
const visibility = ["events", "event_invitations", "event_participants", "event_waitlist"] as const;

export const KEPT_ANSWERS = {
  "events.list": [...visibility, "event_series"],
  "events.get": [...visibility, "event_series", "profiles", "users"],
  "events.choices": [...visibility, "media"],
  "media.list": [...visibility, "media", "media_likes", "media_tags", "users"],
  "media.get": [...visibility, "media", "media_likes", "users"],
  "media.tags": [...visibility, "media", "media_tags"],
  "images.byEvent": [...visibility, "media", "media_likes", "users"],
  "images.byTitle": [...visibility, "media", "media_likes", "users"],
  "comments.list": [...visibility, "comments", "comment_likes", "media", "users"],
  "comments.page": [...visibility, "comments", "comment_likes", "media", "users"],
  "home.get": [...visibility, "comments", "group_mails", "homes", "media", "profiles", "stays", "users"],
} as const satisfies Record<string, readonly string[]>;

export type KeptProcedure = keyof typeof KEPT_ANSWERS;

/**
 * What an answer kept for her alone reads of her own row that a change to `users` does not tell
 * (its trigger tells the columns answers share, migration 0029): when she last opened her home,
 * which every visit moves. The database tells that change by the member (`home_seen:<member id>`,
 * migration 0055), and her visit then forgets her home alone, not every answer that names members.
 * A test checks that only these procedures read the column, and only her row of it.
 */
export const HER_ROW_TOLD = { "home.get": "home_seen" } as const satisfies Partial<Record<KeptProcedure, string>>;

/**
 * The tables whose changes the database tells by the item their rows belong to (the event or
 * media item commented on: `comments:<item id>`, migration 0032), besides the table's name alone
 * for a change to all of it. An answer whose procedure says it reads one item's comments
 * (`answerReadsCommentsOf`) is made from `comments:<item id>` instead, and another item's new
 * comment leaves it kept. A test checks that such a procedure's SQL reads no other item's rows.
 */
export const TOLD_BY_ITEM = ["comments", "comment_likes"] as const;

/**
 * The kept answers members share: made from her sight (the invite-only events her rows show her,
 * `sightOf`) rather than from her id, the answer of one member is every member's of the same sight
 * (whatever her type), unless it shows something of hers (her id in it: she may manage it) or says it is
 * hers alone (`answerIsPersonal`: her own events). Each with the tables such an answer is made of:
 * her seats and invitations are read only for her sight, so a member's RSVP forgets the shared
 * answers that count seats (the events list) and no other. A test checks these lists against the
 * SQL too, and that a shared answer is the one she would get from her rows.
 *
 * The gallery's answers (`media.list`, `media.get`, `images.byEvent`, `images.byTitle`) are not
 * shared: each item says whether the reader likes it (`user_liked`), so, like comments' answers,
 * they are kept for her alone (and forgotten by any like: `media_likes`).
 */
export const SHARED_ANSWERS = {
  "events.list": ["events", "event_participants", "event_waitlist", "event_series"],
  "events.choices": ["events", "media"],
  "media.tags": ["events", "media", "media_tags"],
} as const satisfies Partial<Record<KeptProcedure, readonly string[]>>;

export type SharedProcedure = keyof typeof SHARED_ANSWERS;

/** What a sight is read from (`sightOf`): a change to one of these forgets the sights kept. */
export const SIGHT_TABLES = [...visibility, "media"] as const;

/**
 * The tables whose changes the database tells by the member whose row changed
 * (`event_participants:<member id>`, migration 0032), besides the table's name alone for a change
 * to all of it. A member's sight reads only her rows of them (a test checks its SQL), so another
 * member's RSVP leaves her sight kept; answers that count seats are forgotten by anyone's.
 */
export const TOLD_BY_MEMBER = ["event_participants", "event_waitlist", "event_invitations"] as const;

/**
 * The tables whose changes the database also tells by the event their rows belong to
 * (`event_participants:event:<event id>`, migration 0033). The events list counts the seats and
 * places of the events on its page and of no other, and says which events those are
 * (`answerReadsSeatsOf`): its shared answer is then made of those events' rows, and an RSVP to an
 * event it does not show leaves it kept. A test checks that its SQL reads them only for its rows.
 */
export const TOLD_BY_EVENT = ["event_participants", "event_waitlist"] as const;

/** An answer's tables, with those told by event narrowed to these events' rows (none: not read at all). */
export function seatsMadeOf(tables: readonly string[], eventIds: readonly string[]): string[] {
  const byEvent: readonly string[] = TOLD_BY_EVENT;
  return tables.flatMap((table) => (byEvent.includes(table) ? eventIds.map((id) => `${table}:event:${id}`) : [table]));
}

/** What her sight is made of: her rows of the tables told by member, and the others whole. */
export function sightMadeOf(memberId: string): string[] {
  const byMember: readonly string[] = TOLD_BY_MEMBER;
  return SIGHT_TABLES.map((table) => (byMember.includes(table) ? `${table}:${memberId}` : table));
}
