import { type EventInput, type NormalizedEvent, normalizeEvent } from "@club/shared";
import type { SeedEvent, SeedFile, SeedMedia } from "./schema";

// What "differs" means: a field the file states (one it leaves out takes a default and is never
// compared) whose value is not what the club has.

type SeedUser = SeedFile["users"][number];

export function memberDifferences(
  wanted: SeedUser,
  stated: Set<string>,
  current: { name: string; type: string; admin: boolean },
): ("name" | "type" | "admin")[] {
  return (["name", "type", "admin"] as const).filter((f) => stated.has(f) && wanted[f] !== current[f]);
}

/** The event fields a file can state and an event's page shows, as the file names them. */
const EVENT_FIELDS = {
  title: "title",
  type: "type",
  exclusivity: "exclusivity",
  description: "description",
  note: "note",
  color: "color",
  event_date: "eventDate",
  end_date: "endDate",
  start_time: "startTime",
  end_time: "endTime",
  is_physical: "isPhysical",
  location: "location",
  zip_code: "zipCode",
  city: "city",
  state: "state",
  country: "country",
  virtual_link: "virtualLink",
} as const satisfies Record<string, keyof NormalizedEvent>;
type EventField = keyof typeof EVENT_FIELDS;
const eventFields = Object.keys(EVENT_FIELDS) as EventField[]; // Object.keys types its keys as strings.

/** An event as the club shows it (`events.get`), the fields compared. */
export type CurrentEvent = { [F in EventField]: string | boolean | null };

/**
 * Compared after the defaults and the place rule are applied (a country's other spelling, an end
 * date equal to the start, a colour's capitals are no difference). Capacity, guests and the RSVP
 * deadline are not on an event's page and are not compared.
 */
export function eventDifferences(wanted: SeedEvent, stated: Set<string>, current: CurrentEvent, today: string) {
  const normal = normalizeEvent(wanted, today);
  return eventFields.filter((f) => {
    if (!stated.has(f)) return false;
    // Times out of order: every stated field counts, and the update's refusal says why.
    if ("error" in normal) return true;
    return (normal[EVENT_FIELDS[f]] ?? null) !== (current[f] ?? null);
  });
}

/** The update's input: what the event has, with the fields the file states (an update replaces every field). */
export function eventUpdate(wanted: SeedEvent, stated: Set<string>, current: CurrentEvent): EventInput {
  const pick = <F extends EventField>(f: F) => (stated.has(f) ? wanted[f] : current[f]);
  const value = (f: Exclude<EventField, "is_physical">) => {
    const v = pick(f);
    return typeof v === "string" ? v : null;
  };
  const physical = pick("is_physical");
  return {
    ...Object.fromEntries(eventFields.filter((f) => f !== "is_physical").map((f) => [f, value(f)])),
    is_physical: typeof physical === "boolean" ? physical : true,
    ...(stated.has("capacity") ? { capacity: wanted.capacity } : {}),
    ...(stated.has("guests_per_member") ? { guests_per_member: wanted.guests_per_member } : {}),
    ...(stated.has("rsvp_deadline") ? { rsvp_deadline: wanted.rsvp_deadline } : {}),
  };
}

export interface MediaChange {
  description?: string | null;
  tags?: string[];
  associatedEventId?: string | null;
}

/** A media item's description, tags and event (`eventId`: the file's event, looked up). */
export function mediaDifferences(
  wanted: SeedMedia,
  stated: Set<string>,
  current: { description: string | null; tags: string[]; associated_event_id: string | null },
  eventId: string | null,
): { fields: string[]; change: MediaChange } {
  const change: MediaChange = {};
  const fields: string[] = [];
  if (stated.has("description") && (wanted.description || null) !== (current.description || null)) {
    fields.push("description");
    change.description = wanted.description ?? null;
  }
  const sorted = (tags: string[]) => [...new Set(tags)].sort().join("\n");
  if (stated.has("tags") && sorted(wanted.tags) !== sorted(current.tags)) {
    fields.push("tags");
    change.tags = wanted.tags;
  }
  if (stated.has("event") && eventId !== current.associated_event_id) {
    fields.push("event");
    change.associatedEventId = eventId;
  }
  return { fields, change };
}
