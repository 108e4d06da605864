import { type Db, eventParticipants, events, users } from "@club/db";
import { count } from "@club/db/orm";
import { type EventInput, eventInput, normalizeEvent } from "@club/shared";
import { addDays, format } from "date-fns";
import { insertEvent } from "../domain/events/slug";

/**
 * A dozen varied demo events, dated from today on, so the calendar looks lived in; each hosted by
 * the seed's creator unless it names another host (a club's members host, not one of them alone).
 */
const demoEvents: (EventInput & { inDays: number; lasts?: number; joiners: string[]; host?: string })[] = [
  {
    inDays: 3,
    title: "Tea Culture Afternoon",
    type: "tea-party",
    description:
      "A guided tasting of first-flush Darjeeling and Japanese sencha, with a short talk on the rituals of tea.",
    location: "The Orangery, 12 Garden Row",
    city: "Boston",
    state: "Massachusetts",
    country: "United States",
    zip_code: "02108",
    color: "#c9b79c",
    joiners: ["founding@club.local", "host@club.local"],
  },
  {
    inDays: 6,
    title: "Watercolour Workshop",
    type: "arts-crafts",
    description: "Loose florals in watercolour with a visiting painter. All materials provided; no experience needed.",
    location: "Studio 4, 88 Mill Street",
    city: "Cambridge",
    state: "Massachusetts",
    country: "United States",
    zip_code: "02139",
    color: "#9fb8ad",
    joiners: ["standard@club.local"],
  },
  {
    inDays: 9,
    title: "Evening Book Circle",
    type: "book-club",
    description:
      "This month: a novel of two sisters and a Lisbon summer. Bring your questions and a favourite passage.",
    is_physical: false,
    virtual_link: "https://meet.example.com/book-circle",
    color: "#b7a1c9",
    joiners: ["founding@club.local", "standard@club.local", "admin@club.local"],
  },
  {
    inDays: 12,
    title: "Sunrise Yoga by the Harbour",
    type: "yoga-meditation",
    description: "An hour of gentle flow and breathwork as the sun comes up, followed by coffee.",
    location: "Harbour Lawn, Pier 4",
    city: "Boston",
    state: "Massachusetts",
    country: "United States",
    start_time: "06:30",
    end_time: "08:00",
    color: "#f2c6a0",
    host: "host@club.local",
    joiners: [],
  },
  {
    inDays: 16,
    title: "Members' Photography Showcase",
    type: "art-gallery",
    description:
      "An evening exhibition of members' photographs, with short talks from the artists and a glass of wine.",
    location: "Gallery Nine, 9 Newbury Street",
    city: "Boston",
    state: "Massachusetts",
    country: "United States",
    start_time: "18:00",
    end_time: "21:30",
    color: "#d3d3d3",
    joiners: ["host@club.local"],
  },
  {
    inDays: 21,
    lasts: 3,
    title: "Provence Retreat",
    type: "travel",
    exclusivity: "invite-only",
    description: "Three days at a member's farmhouse among the lavender: painting, long lunches and market mornings.",
    location: "Chemin des Oliviers",
    city: "Gordes",
    state: "Provence",
    country: "France",
    color: "#a7a6d6",
    joiners: ["host@club.local", "founding@club.local"],
  },
  {
    inDays: 25,
    title: "Wine Tasting: Old World Whites",
    type: "wine-tasting",
    description: "A sommelier leads us through six whites from Burgundy, the Loire and the Mosel.",
    location: "Cellar Room, 3 Vine Court",
    city: "New York",
    state: "New York",
    country: "United States",
    start_time: "19:00",
    end_time: "21:00",
    color: "#e8d8a8",
    joiners: ["admin@club.local"],
  },
  {
    inDays: 30,
    title: "Garden Design Walk",
    type: "hiking-camping",
    description: "A slow walk through two private gardens with their designers, ending with tea on the terrace.",
    location: "Arnold Arboretum, 125 Arborway",
    city: "Boston",
    state: "Massachusetts",
    country: "United States",
    start_time: "10:00",
    end_time: "13:00",
    color: "#b5d3a7",
    joiners: [],
  },
  {
    inDays: 35,
    title: "Short Film Screening",
    type: "movie-screening",
    description: "Four short films by women directors, followed by a conversation with one of them.",
    is_physical: false,
    virtual_link: "https://meet.example.com/screening",
    start_time: "20:00",
    end_time: "22:00",
    color: "#9fb3d1",
    joiners: ["standard@club.local"],
  },
  {
    inDays: 41,
    title: "Charity Supper",
    type: "charity-fundraising",
    description: "A seasonal supper in support of a literacy charity chosen by the members' committee.",
    location: "The Long Table, 40 Market Square",
    city: "Providence",
    state: "Rhode Island",
    country: "United States",
    start_time: "19:00",
    end_time: "22:30",
    color: "#e0a9a9",
    joiners: ["founding@club.local"],
  },
  {
    inDays: 48,
    title: "Poetry Reading Salon",
    type: "other",
    description: "Members read their own poems, or a favourite by someone else, by candlelight.",
    location: "Library, 5 Beacon Hill Place",
    city: "Boston",
    state: "Massachusetts",
    country: "United States",
    start_time: "18:30",
    end_time: "20:30",
    color: "#c8b6e2",
    joiners: [],
  },
  {
    inDays: 60,
    title: "Cooking Class: Spring Menus",
    type: "cooking-food",
    description: "Cook a three-course spring menu with a chef, then sit down together to enjoy it.",
    location: "Kitchen Studio, 21 Federal Street",
    city: "Boston",
    state: "Massachusetts",
    country: "United States",
    start_time: "17:00",
    end_time: "21:00",
    color: "#f0c987",
    capacity: 12,
    guests_per_member: 1,
    joiners: ["host@club.local", "standard@club.local"],
  },
];

/** Added once: only when there are no events yet. */
export async function seedEvents(db: Db, creatorEmail: string): Promise<void> {
  const [row] = await db.select({ n: count() }).from(events);
  if ((row?.n ?? 0) > 0) return;
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const today = new Date();
  for (const { inDays, lasts, joiners, host, ...input } of demoEvents) {
    const hostId = idOf(host ?? creatorEmail);
    const start = addDays(today, inDays);
    const values = normalizeEvent(
      eventInput.parse({
        ...input,
        event_date: format(start, "yyyy-MM-dd"),
        end_date: lasts ? format(addDays(start, lasts - 1), "yyyy-MM-dd") : "",
      }),
      format(today, "yyyy-MM-dd"),
    );
    if ("error" in values) throw new Error(`demo event ${input.title}: ${values.error}`);
    // No demo event has an RSVP deadline (it would need the club's time zone to become an instant).
    const event = await insertEvent(db, { ...values, rsvpDeadline: null, createdBy: hostId ?? null });
    // The host goes to her own event, first (as publishing seats her).
    const joinerIds = [hostId, ...joiners.map(idOf)].filter(
      (id, i, all): id is string => Boolean(id) && all.indexOf(id) === i,
    );
    if (joinerIds.length) {
      await db.insert(eventParticipants).values(joinerIds.map((userId) => ({ eventId: event.id, userId })));
    }
  }
}
