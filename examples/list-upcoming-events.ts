// Lists the events from today on, soonest first.
import { clientFromEnv } from "./env";

const club = clientFromEnv();
// `upcoming` starts the list at today in the club's time zone; `nextCursor` leads to the next page.
let cursor: string | undefined;
do {
  const page = await club.events.list.query({ upcoming: true, cursor });
  for (const e of page.items) {
    console.log(`${e.event_date} ${e.start_time}  ${e.title}  (${e.participant_count} going)  /events/${e.slug}`);
  }
  cursor = page.nextCursor ?? undefined;
} while (cursor);
