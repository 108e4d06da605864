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
  "events.get": [...visibility, "event_series", "users"],
  "events.choices": [...visibility, "media"],
  "media.list": [...visibility, "media", "media_tags", "users"],
  "media.get": [...visibility, "media", "users"],
  "media.tags": [...visibility, "media", "media_tags"],
  "images.byEvent": [...visibility, "media", "users"],
  "images.byTitle": [...visibility, "media", "users"],
  "comments.list": [...visibility, "comments", "comment_likes", "media", "users"],
  "comments.page": [...visibility, "comments", "comment_likes", "media", "users"],
} as const satisfies Record<string, readonly string[]>;

export type KeptProcedure = keyof typeof KEPT_ANSWERS;
