// Each call below is a mistake that the client's types must refuse (`tsc --strict` fails on each).
import { createClubClient } from "@club/client";

const club = createClubClient({ url: "http://localhost:3000", token: "club_example" });
await club.events.create.mutate({ title: 42, event_date: "2031-05-01" });
await club.events.doesNotExist.query();
const events = await club.events.list.query();
console.log(events.items[0]?.organiser);
await club.events.create.mutate({ title: "Salon", type: "barbecue" });
await club.events.create.mutate({ title: "Salon", exclusivity: "secret" });
await club.webhooks.add.mutate({ name: "CRM", url: "https://crm.example.com", events: ["event.exploded"] });
