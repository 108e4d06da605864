import type { Event } from "@club/db";
import type { WebhookDataOf } from "@club/shared";

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
