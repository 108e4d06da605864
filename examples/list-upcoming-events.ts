// Lists the events from today on, soonest first.
import { clientFromEnv } from "./env";

const club = clientFromEnv();
const today = new Date().toISOString().slice(0, 10);
const events = await club.events.list.query({ sort: "asc" });
for (const e of events.filter((e) => e.event_date >= today)) {
  console.log(`${e.event_date} ${e.start_time}  ${e.title}  (${e.participant_count} going)  /events/${e.slug}`);
}
