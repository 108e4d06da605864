// Creates an event and invites members by e-mail: tsx create-event-and-invite.ts "Title" 2027-05-01 a@x.com b@y.com
import { isClubError } from "@club/client";
import { clientFromEnv } from "./env";

const [title, date, ...emails] = process.argv.slice(2);
if (!title || !date) {
  console.error('Usage: create-event-and-invite.ts "Title" YYYY-MM-DD [email …]');
  process.exit(1);
}
const club = clientFromEnv();
try {
  const event = await club.events.create.mutate({
    title,
    event_date: date,
    is_physical: false,
    virtual_link: "https://meet.example.com/club",
  });
  console.log(`Created ${event.title} on ${event.event_date}: /events/${event.slug}`);
  if (emails.length) {
    const members = await club.events.invitableMembers.query();
    const userIds = members.filter((m) => emails.includes(m.email)).map((m) => m.user_id);
    const { invited } = await club.events.invite.mutate({ eventId: event.id, userIds });
    console.log(`Invited ${invited} member(s).`);
  }
} catch (err) {
  if (isClubError(err)) {
    console.error(`Refused (${err.data?.code}): ${err.message}`);
    process.exit(2);
  }
  throw err;
}
