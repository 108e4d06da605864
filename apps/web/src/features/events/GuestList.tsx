import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { MemberLink } from "../members/MemberLink";
import { WriteLink } from "../messages/WriteLink";
import type { EventDto } from "./types";

/**
 * The creator's and admins' view of who comes: participants with their guests and e-mail, the
 * waitlist in order (anyone can be moved in, even past the capacity), and the list as CSV. A member
 * who keeps her address from other members has an empty e-mail cell, as the directory shows
 * nothing for it (admins get every address).
 */
export function GuestList({ event }: { event: EventDto }) {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.events.attendees.queryOptions({ id: event.id }));
  const move = useMutation(
    trpc.events.moveFromWaitlist.mutationOptions({
      onSuccess: async (r, v) => {
        const name = r.participants.find((p) => p.user_id === v.userId)?.name ?? "She";
        toast.success(`${name} is now going.`, { description: "She has been e-mailed." });
        await queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
      },
      onError: (err) => toast.error(errorMessage(err, "Could not move her from the waitlist.")),
    }),
  );
  if (list.isPending) return <p className="text-sm text-ink-soft">Loading the guest list…</p>;
  if (list.isError)
    return <p className="text-sm text-ink-soft">{errorMessage(list.error, "The guest list could not be loaded.")}</p>;
  const { participants, waitlist } = list.data;
  const guests = participants.reduce((n, p) => n + p.guests, 0);
  const over = event.rsvp?.capacity != null && participants.length + guests >= event.rsvp.capacity;

  return (
    <section aria-labelledby="guest-list-heading" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="guest-list-heading" className="text-2xl text-plum">
          Guest list
        </h2>
        <a
          href={`/api/events/${event.id}/attendees.csv`}
          download
          className="text-sm font-medium text-plum underline underline-offset-4"
        >
          Export CSV
        </a>
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        {participants.length} going{guests > 0 ? ` with ${guests} guest${guests === 1 ? "" : "s"}` : ""}
        {waitlist.length > 0 ? ` · ${waitlist.length} on the waitlist` : ""}. Only the organiser and the admins see
        this.
      </p>
      <div className="mt-3 overflow-x-auto rounded-[var(--radius-card)] border border-line bg-card">
        <table className="w-full text-left text-sm">
          <thead className="bg-paper-deep text-ink-soft">
            <tr>
              <th className="px-4 py-2 font-medium">Name</th>
              <th className="hidden px-4 py-2 font-medium sm:table-cell">E-mail</th>
              <th className="px-4 py-2 font-medium">Guests</th>
              <th className="px-4 py-2 font-medium">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {participants.map((p) => (
              <tr key={p.user_id}>
                <td className="px-4 py-2">
                  <MemberLink id={p.user_id}>{p.name}</MemberLink>
                  <WriteLink id={p.user_id} name={p.name} />
                </td>
                <td className="hidden px-4 py-2 break-all sm:table-cell">{p.email}</td>
                <td className="px-4 py-2">{p.guests}</td>
                <td className="px-4 py-2">Going</td>
              </tr>
            ))}
            {waitlist.map((w) => (
              <tr key={w.user_id} className="bg-paper">
                <td className="px-4 py-2">
                  <MemberLink id={w.user_id}>{w.name}</MemberLink>
                  <WriteLink id={w.user_id} name={w.name} />
                </td>
                <td className="hidden px-4 py-2 break-all sm:table-cell">{w.email}</td>
                <td className="px-4 py-2">{w.guests}</td>
                <td className="px-4 py-2">
                  <span className="mr-3">Waitlist #{w.position}</span>
                  <Button
                    variant="secondary"
                    className="px-3 py-1 text-xs"
                    disabled={move.isPending}
                    title={over ? "The event is full: this goes past its capacity." : undefined}
                    onClick={() => move.mutate({ eventId: event.id, userId: w.user_id })}
                  >
                    Move in
                  </Button>
                </td>
              </tr>
            ))}
            {participants.length + waitlist.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-3 text-ink-soft">
                  Nobody has joined yet.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}
