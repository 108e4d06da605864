import type { Event, Queryable } from "@club/db";
import { countryName } from "@club/shared";
import { canManage, type Viewer } from "../access";
import { addToCalendarUrl, eventInstants } from "./calendar";
import { hostOf, participantsOf } from "./participant-names";
import {
  eventEnded,
  type RsvpStatus,
  type RsvpSummary,
  rsvpClosesAt,
  rsvpCountsOf,
  rsvpStatusOf,
  rsvpSummary,
  usesRsvp,
} from "./rsvp";
import { type SeriesDate, type SeriesLink, seriesOfEvent } from "./series";

/** An event as lists show it: the spec's event shape (SPEC.md section 3), its names left to the caller. */
export interface EventListItem {
  id: string;
  slug: string;
  title: string;
  description: string;
  note: string | null;
  color: string;
  type: Event["type"];
  exclusivity: Event["exclusivity"];
  is_physical: boolean;
  location: string | null;
  zip_code: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  virtual_link: string | null;
  event_date: string;
  end_date: string | null;
  start_time: string;
  end_time: string;
  image_url: string | null;
  bannerImage: string | null;
  cover_media_id: string | null;
  created_by: string | null;
  can_manage: boolean;
  /** Only a draft says so: a published event answers in the spec's shape (no key at all). */
  draft?: true;
}

/**
 * An event as lists show it: the spec's event shape (SPEC.md section 3) without the participants'
 * names and the calendar link, which only the event's page needs.
 *
 * Built as one literal and then given its optional keys, never spread into another literal: on the
 * server's V8 (Node 20) every object made as `{ ...item, key }` gets a hidden class of its own, and
 * the answer's check, reading 200 cards of 200 classes, took five times as long as for one class
 * (docs/decisions/an-answers-rows-share-one-shape.md).
 */
export function toEventListItem(e: Event, viewer: Viewer): EventListItem {
  const item: EventListItem = {
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
    cover_media_id: e.coverMediaId,
    created_by: e.createdBy,
    can_manage: canManage(viewer, e.createdBy),
  };
  // Rather than `undefined`, which tRPC's answers would carry as an annotation per event.
  if (!e.publishedAt) item.draft = true;
  return item;
}

/** The spec's event shape, plus what the event's page needs to show its controls. */
export function toEventDto(
  e: Event,
  participants: { user_id: string; name: string }[],
  host: Awaited<ReturnType<typeof hostOf>>,
  viewer: Viewer,
  timeZone: string,
  now: Date,
) {
  // Keys added to the list's item, not spread into a new literal (see toEventListItem).
  return Object.assign(toEventListItem(e, viewer), {
    participants,
    /** Who hosts it, with her portrait, for the members it is shown to. */
    host,
    /** A calendar service's "add event" link (title, UTC start and end, details, place). */
    calendar_url: addToCalendarUrl(e, timeZone),
    /** It is over: nobody joins it, is invited to it or is sent its announcement any more. */
    ended: eventEnded(e, timeZone, now),
  });
}

/**
 * An event's page: the spec's shape, and for an event with a capacity, guests or an RSVP deadline
 * its `rsvp` block (counts, and where the viewer stands). Plain events answer as the spec says.
 */
export async function loadEventDto(
  ctx: {
    db: Queryable;
    user: Viewer & { id: string };
    config: { timeZone: string };
    answerChangesAt?: ((instant: Date) => void) | undefined;
  },
  e: Event,
): Promise<EventDto> {
  const [participants, host, series] = await Promise.all([
    participantsOf(ctx.db, e.id),
    hostOf(ctx.db, e.createdBy),
    seriesOfEvent(ctx.db, ctx.user, e),
  ]);
  // One instant for "ended" and "closed" and for when they change, so none can fall between the two.
  const now = new Date();
  const dto: EventDto = toEventDto(e, participants, host, ctx.user, ctx.config.timeZone, now);
  if (!dto.ended) ctx.answerChangesAt?.(eventInstants(e, ctx.config.timeZone).end);
  if (series) dto.series = series;
  if (!usesRsvp(e)) return dto;
  const [counts, me] = await Promise.all([rsvpCountsOf(ctx.db, e.id), rsvpStatusOf(ctx.db, e.id, ctx.user.id)]);
  dto.rsvp = Object.assign(rsvpSummary(e, counts, ctx.config.timeZone, now), { me });
  const closesAt = rsvpClosesAt(e, now);
  if (closesAt) ctx.answerChangesAt?.(closesAt);
  return dto;
}
export type EventDto = ReturnType<typeof toEventDto> & {
  rsvp?: RsvpSummary & { me: RsvpStatus | null };
  series?: SeriesLink & { dates: SeriesDate[] };
};
