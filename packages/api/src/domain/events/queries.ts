import type { Event, Queryable } from "@club/db";
import { countryName } from "@club/shared";
import { canManage, type Viewer } from "../access";
import { addToCalendarUrl } from "./calendar";
import { participantsOf } from "./participant-names";
import { type RsvpStatus, type RsvpSummary, rsvpCountsOf, rsvpStatusOf, rsvpSummary, usesRsvp } from "./rsvp";
import { type SeriesDate, type SeriesLink, seriesOfEvent } from "./series";

/**
 * An event as lists show it: the spec's event shape (SPEC.md section 3) without the participants'
 * names and the calendar link, which only the event's page needs.
 */
export function toEventListItem(e: Event, viewer: Viewer) {
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    description: e.description,
    note: e.note,
    color: e.color,
    type: e.type,
    exclusivity: e.exclusivity,
    is_physical: e.isPhysical,
    location: e.location,
    zip_code: e.zipCode,
    city: e.city,
    state: e.state,
    country: countryName(e.country),
    virtual_link: e.virtualLink,
    event_date: e.eventDate,
    end_date: e.endDate,
    start_time: e.startTime,
    end_time: e.endTime,
    image_url: e.imageUrl,
    bannerImage: e.bannerImage,
    created_by: e.createdBy,
    can_manage: canManage(viewer, e.createdBy),
    // Only a draft says so: a published event answers in the spec's shape (no key at all, rather
    // than `undefined`, which tRPC's answers would carry as an annotation per event).
    ...(e.publishedAt ? {} : { draft: true as const }),
  };
}

/** The spec's event shape, plus what the event's page needs to show its controls. */
export function toEventDto(
  e: Event,
  participants: { user_id: string; name: string }[],
  viewer: Viewer,
  timeZone: string,
) {
  return {
    ...toEventListItem(e, viewer),
    participants,
    /** A calendar service's "add event" link (title, UTC start and end, details, place). */
    calendar_url: addToCalendarUrl(e, timeZone),
  };
}

/**
 * An event's page: the spec's shape, and for an event with a capacity, guests or an RSVP deadline
 * its `rsvp` block (counts, and where the viewer stands). Plain events answer as the spec says.
 */
export async function loadEventDto(
  ctx: { db: Queryable; user: Viewer & { id: string }; config: { timeZone: string } },
  e: Event,
): Promise<EventDto> {
  const [participants, series] = await Promise.all([participantsOf(ctx.db, e.id), seriesOfEvent(ctx.db, ctx.user, e)]);
  const dto: EventDto = {
    ...toEventDto(e, participants, ctx.user, ctx.config.timeZone),
    ...(series ? { series } : {}),
  };
  if (!usesRsvp(e)) return dto;
  const [counts, me] = await Promise.all([rsvpCountsOf(ctx.db, e.id), rsvpStatusOf(ctx.db, e.id, ctx.user.id)]);
  return { ...dto, rsvp: { ...rsvpSummary(e, counts, ctx.config.timeZone), me } };
}
export type EventDto = Omit<ReturnType<typeof toEventDto>, "series"> & {
  rsvp?: RsvpSummary & { me: RsvpStatus | null };
  series?: SeriesLink & { dates: SeriesDate[] };
};
