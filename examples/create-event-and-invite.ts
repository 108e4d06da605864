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
    // A member's address is listed only where she shows it, but an exact address typed in full
    // always finds her (as in the invite modal), so each address is looked up on its own.
    const userIds: string[] = [];
    for (const email of emails) {
      const members = await club.events.invitableMembers.query({ email });
      const member = members.find((m) => m.email?.toLowerCase() === email.trim().toLowerCase());
      if (member) userIds.push(member.user_id);
      else console.warn(`No member to invite at ${email}.`);
    }
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
