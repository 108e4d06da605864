import type { Event, Queryable } from "@club/db";
import type { JobSender } from "@club/jobs";
import type { WebhookDataOf } from "@club/shared";
import { emitWebhook } from "./emit";

/**
 * What a message tells of each kind of thing: ids, and what an admin may see of it. Named here once,
 * so every act that tells of an event tells the same fields.
 */
export function eventData(e: Event, appOrigin: string): WebhookDataOf<"event.created"> {
  return {
    id: e.id,
    slug: e.slug,
    url: `${appOrigin}/events/${e.slug}`,
    title: e.title,
    type: e.type,
    exclusivity: e.exclusivity,
    date: e.eventDate,
    endDate: e.endDate,
    startTime: e.startTime,
    endTime: e.endTime,
    location: e.isPhysical ? e.location : null,
    city: e.isPhysical ? e.city : null,
    online: !e.isPhysical,
    capacity: e.capacity,
    createdBy: e.createdBy,
    seriesId: e.seriesId,
  };
}

/**
 * `event.updated`'s message: the event as it is now, and `previous`, each of the message's fields
 * the edit changed as it was before.
 */
export function eventUpdatedData(before: Event, after: Event, appOrigin: string): WebhookDataOf<"event.updated"> {
  const was = eventData(before, appOrigin);
  const now = eventData(after, appOrigin);
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(now) as (keyof typeof now)[]) {
    if (key !== "id" && was[key] !== now[key]) previous[key] = was[key];
  }
  return { ...now, previous: previous as WebhookDataOf<"event.updated">["previous"] };
}

/** A seat taken or given up: the event, the member, and how many guests came with her. */
export const participantData = (
  eventId: string,
  userId: string,
  guests: number,
): WebhookDataOf<"event.participant.joined"> => ({
  eventId,
  userId,
  guests,
});

/** A member as an admin sees her in User Management. */
export const memberData = (u: {
  id: string;
  name: string;
  email: string;
  type: WebhookDataOf<"member.created">["type"];
  admin: boolean;
}): WebhookDataOf<"member.created"> => ({
  id: u.id,
  name: u.name,
  email: u.email,
  type: u.type,
  admin: u.admin,
});

type MemberFields = Parameters<typeof memberData>[0];

/**
 * Tells `member.updated` when her name, e-mail, type or admin right changed (in the transaction of
 * the change), with each changed field's value before; nothing when none did.
 */
export async function tellMemberUpdated(
  tx: Queryable,
  jobs: JobSender,
  before: MemberFields,
  after: MemberFields,
): Promise<void> {
  const previous: WebhookDataOf<"member.updated">["previous"] = {};
  if (before.name !== after.name) previous.name = before.name;
  if (before.email !== after.email) previous.email = before.email;
  if (before.type !== after.type) previous.type = before.type;
  if (before.admin !== after.admin) previous.admin = before.admin;
  if (Object.keys(previous).length === 0) return;
  await emitWebhook(tx, jobs, "member.updated", { ...memberData(after), previous });
}
