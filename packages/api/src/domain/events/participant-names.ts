// Who is going to an event, by name: what its page and the answers of a join or a leave show.
import { eventParticipants, profiles, type Queryable, users } from "@club/db";
import { asc, eq, sql } from "@club/db/orm";
import { preparedOnce } from "../../lib/prepared";
import { type Portrait, portraitOf } from "../members/portrait-urls";

/** The participants' names, in the order they joined (the event's page). */
export async function participantsOf(db: Queryable, eventId: string) {
  const query = preparedOnce(db, "participantsOf", () =>
    db
      .select({ user_id: users.id, name: users.name })
      .from(eventParticipants)
      .innerJoin(users, eq(users.id, eventParticipants.userId))
      .where(eq(eventParticipants.eventId, sql.placeholder("eventId")))
      .orderBy(asc(eventParticipants.joinedAt))
      .prepare("participants_of"),
  );
  return query.execute({ eventId });
}

export type Participant = Awaited<ReturnType<typeof participantsOf>>[number];

/** Who hosts an event, as its page shows her to members: her name and portrait; null once nobody does. */
export async function hostOf(
  db: Queryable,
  hostId: string | null,
): Promise<{ user_id: string; name: string; portrait: Portrait } | null> {
  if (!hostId) return null;
  const query = preparedOnce(db, "hostOf", () =>
    db
      .select({
        user_id: users.id,
        name: users.name,
        prefix: profiles.portraitPrefix,
        placeholder: profiles.portraitPlaceholder,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, sql.placeholder("hostId")))
      .prepare("host_of"),
  );
  const [row] = await query.execute({ hostId });
  return row ? { user_id: row.user_id, name: row.name, portrait: portraitOf(row.prefix, row.placeholder) } : null;
}
