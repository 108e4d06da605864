import type { RouterOutputs } from "@club/api";
import { formatCommentAge, formatStayDates, mediaLabel } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { displayZone } from "../../lib/time-zone";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EventLine } from "../events/EventLine";
import { MemberLink } from "../members/MemberLink";
import { WelcomeChecklist } from "./WelcomeChecklist";

type Home = RouterOutputs["home"]["get"];
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10];
  return `${n}${suffix ?? "th"}`;
};

/** A section of the home: a heading, its content, or what to do when it is empty. */
function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-[var(--radius-card)] border border-line bg-card p-5 shadow-[var(--shadow-card)] sm:p-6 ${className ?? ""}`}
    >
      <h2 id={id} className="font-serif text-2xl text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-ink-soft">{children}</p>;
}

const rowClass =
  "flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t border-line py-3 first:border-t-0 first:pt-0";

function NextEvents({ events }: { events: Home["nextEvents"] }) {
  return (
    <Section title="Your next events">
      {events.length === 0 ? (
        <Empty>
          Nothing booked yet.{" "}
          <Link to="/calendar" className="text-plum underline">
            See what is on
          </Link>{" "}
          and join an event.
        </Empty>
      ) : (
        <ul>
          {events.map((e) => (
            <li key={e.id} className={rowClass}>
              <EventLine event={e} />
              <span
                className={
                  e.status === "going"
                    ? "rounded-full bg-plum-soft px-3 py-1 text-xs font-semibold text-plum"
                    : "rounded-full bg-paper-deep px-3 py-1 text-xs font-semibold text-ink"
                }
              >
                {e.status === "going" ? "Going" : `Waitlist · ${ordinal(e.position ?? 1)} in line`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Invitations({ invitations }: { invitations: Home["invitations"] }) {
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState<Home["invitations"][number] | null>(null);
  const answer = useMutation(
    trpc.events.answerInvitation.mutationOptions({
      onSuccess: async (r) => {
        setDeclining(null);
        toast.success(r.message);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.home.get.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() }),
        ]);
      },
      onError: async (err) => {
        setDeclining(null);
        toast.error(errorMessage(err, "Your answer could not be saved. Please try again."));
        await queryClient.invalidateQueries({ queryKey: trpc.home.get.queryKey() });
      },
    }),
  );
  if (invitations.length === 0) return null;
  return (
    <Section title="Invitations waiting for you" className="border-gold">
      <ul>
        {invitations.map((i) => (
          <li key={i.id} className={rowClass}>
            <EventLine
              event={i.event}
              extra={
                i.invitedBy ? (
                  <>
                    {" · from "}
                    <MemberLink id={i.invitedById}>{i.invitedBy}</MemberLink>
                  </>
                ) : null
              }
            />
            <span className="flex gap-2">
              <Button disabled={answer.isPending} onClick={() => answer.mutate({ invitationId: i.id, accept: true })}>
                Accept
              </Button>
              <Button variant="secondary" disabled={answer.isPending} onClick={() => setDeclining(i)}>
                Decline
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        title={`Decline the invitation to ${declining?.event.title ?? "this event"}?`}
        description="The invitation is removed. To come after all, ask for another one."
        confirmLabel="Yes, Decline"
        busy={answer.isPending}
        onConfirm={() => declining && answer.mutate({ invitationId: declining.id, accept: false })}
      />
    </Section>
  );
}

function Deadlines({ deadlines }: { deadlines: Home["deadlines"] }) {
  if (deadlines.length === 0) return null;
  return (
    <Section title="Answer soon">
      <ul>
        {deadlines.map((e) => (
          <li key={e.id} className={rowClass}>
            <EventLine event={e} />
            <span className="text-sm text-ink">
              {e.rsvpDeadline ? `RSVP by ${formatMoment(new Date(e.rsvpDeadline), "MMM d, h:mm a")}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function NewMedia({ items }: { items: Home["newMedia"] }) {
  return (
    <Section title="New from your events">
      {items.length === 0 ? (
        <Empty>
          No new photos or videos from the events you joined.{" "}
          <Link to="/gallery" className="text-plum underline">
            Open the gallery
          </Link>{" "}
          to share yours.
        </Empty>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {items.map((m) => {
            const label = mediaLabel(
              { title: m.title ?? m.name, mediaType: m.mediaType, uploadDate: m.uploadDate },
              displayZone(),
            );
            return (
              <li key={m.id}>
                <Link to="/gallery" search={{ event: m.event.id }} className="group block">
                  <span className="relative block aspect-square overflow-hidden rounded-lg bg-line">
                    {m.thumbnailUrl ? (
                      <img src={m.thumbnailUrl} alt={label} loading="lazy" className="h-full w-full object-cover" />
                    ) : (
                      <span className="flex h-full items-center justify-center p-2 text-center text-xs text-ink-soft">
                        {label}
                      </span>
                    )}
                    {m.isNew ? (
                      <span className="absolute top-2 left-2 rounded-full bg-plum px-2 py-0.5 text-xs font-semibold text-white">
                        New
                      </span>
                    ) : null}
                  </span>
                  <span className="mt-1 block truncate text-xs text-ink-soft group-hover:text-plum">
                    {m.event.title}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function Comments({ comments }: { comments: Home["comments"] }) {
  return (
    <Section title="Comments for you">
      {comments.length === 0 ? (
        <Empty>No one has commented on your events or uploads yet.</Empty>
      ) : (
        <ul>
          {comments.map((c) => (
            <li key={c.id} className="border-t border-line py-3 first:border-t-0 first:pt-0">
              <p className="text-sm text-ink">
                <span className="font-semibold">{c.author}</span> on{" "}
                {c.on.kind === "event" && c.on.slug ? (
                  <Link to="/events/$id" params={{ id: c.on.slug }} className="text-plum underline">
                    {c.on.title}
                  </Link>
                ) : (
                  <span className="italic">{c.on.title}</span>
                )}
                <span className="text-ink-soft"> · {formatCommentAge(c.createdAt)}</span>
              </p>
              <p className="mt-1 text-sm break-words text-ink-soft">“{c.excerpt}”</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function News({ news }: { news: Home["news"] }) {
  return (
    <Section title="From the club">
      {news.length === 0 ? (
        <Empty>No messages to all members yet.</Empty>
      ) : (
        <ul>
          {news.map((n) => (
            <li key={n.id} className="border-t border-line py-3 first:border-t-0 first:pt-0">
              <details>
                <summary className="cursor-pointer text-sm">
                  <span className="font-semibold text-ink">{n.subject}</span>
                  <span className="text-ink-soft"> · {formatMoment(new Date(n.sentAt), "MMM d, yyyy")}</span>
                </summary>
                <p className="mt-2 text-sm whitespace-pre-line text-ink-soft">{n.text.trim()}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Her home: what is hers, at a glance (the data: one `home.get`, loaded before the page shows). */
/** Her next stay in a member's home (Travel), when she has one. */
function NextStay({ stay }: { stay: Home["nextStay"] }) {
  if (!stay) return null;
  return (
    <Section title="Your next stay">
      <p className="text-ink">
        <Link to="/travel/$homeId" params={{ homeId: stay.homeId }} className="font-medium text-plum hover:underline">
          {stay.homeTitle}
        </Link>{" "}
        <span className="text-ink-soft">
          in {stay.city}, {stay.country}, hosted by {stay.hostName}
        </span>
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        {formatStayDates(stay.arrive, stay.depart, stay.nights)} ·{" "}
        {stay.status === "accepted" ? "Accepted" : "Waiting for the host"}
      </p>
      <Link to="/travel/trips" className="mt-3 inline-block text-sm text-plum underline">
        All your trips
      </Link>
    </Section>
  );
}

export function MemberHome({ home }: { home: Home }) {
  return (
    <>
      <WelcomeChecklist steps={home.welcome} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <Invitations invitations={home.invitations} />
          <NextEvents events={home.nextEvents} />
          <NextStay stay={home.nextStay} />
          <Deadlines deadlines={home.deadlines} />
          <News news={home.news} />
        </div>
        <div className="space-y-6">
          <NewMedia items={home.newMedia} />
          <Comments comments={home.comments} />
        </div>
      </div>
    </>
  );
}
