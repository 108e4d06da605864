// Who is going to an event, by name: what its page and the answers of a join or a leave show.
import { eventParticipants, type Queryable, users } from "@club/db";
import { asc, eq, sql } from "@club/db/orm";
import { preparedOnce } from "../../lib/prepared";

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
