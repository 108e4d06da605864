import type { RouterOutputs } from "@club/api";
import { formatCardDate, todayInZone } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ColumnHeader } from "../../ui/ColumnHeader";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { TextArea } from "../../ui/Field";
import { money, plural } from "./money";

type Stay = RouterOutputs["stays"]["list"][number];

const STATUS: Record<Stay["status"], string> = {
  requested: "Waiting for the host",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired unanswered",
  cancelled: "Cancelled",
};

type Act = "accept" | "decline" | "cancel" | "review";

/** Whether a stay is over: its departure day reached in the home's own time zone. */
const isOver = (s: Stay) => s.depart <= todayInZone(s.time_zone);
/** Whether it has begun: an accepted stay is cancelled before its arrival day only. */
const hasBegun = (s: Stay) => s.arrive <= todayInZone(s.time_zone);

/** Stays in a real table: the home, the dates, who, the contribution, where it stands, and what she may do. */
export function StaysTable({ stays, caption, view }: { stays: Stay[]; caption: string; view: "guest" | "host" }) {
  const [acting, setActing] = useState<{ stay: Stay; act: Act } | null>(null);
  if (stays.length === 0) return null;
  return (
    <div className="overflow-x-auto rounded-[var(--radius-card)] border border-line bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line text-ink-soft">
          <tr>
            <ColumnHeader>Home</ColumnHeader>
            <ColumnHeader>Dates</ColumnHeader>
            <ColumnHeader>{view === "host" ? "Guest" : "Host"}</ColumnHeader>
            <ColumnHeader align="right">Contribution</ColumnHeader>
            <ColumnHeader>Status</ColumnHeader>
            <ColumnHeader>
              <span className="sr-only">Actions</span>
            </ColumnHeader>
          </tr>
        </thead>
        <tbody>
          {stays.map((s) => (
            <tr key={s.id} className="border-b border-line last:border-0 align-top">
              <td className="p-3">
                <Link to="/travel/$homeId" params={{ homeId: s.home_id }} className="text-plum hover:underline">
                  {s.home_title}
                </Link>
                <div className="text-xs text-ink-soft">
                  {s.city}, {s.country}
                </div>
              </td>
              <td className="p-3 whitespace-nowrap">
                {formatCardDate(s.arrive)} to {formatCardDate(s.depart)}
                <div className="text-xs text-ink-soft">
                  {plural(s.nights, "night")} · {plural(s.guests, "guest")}
                </div>
              </td>
              <td className="p-3">
                {view === "host" ? s.guest_name : s.host_name}
                {s.message && view === "host" ? <p className="mt-1 text-xs text-ink-soft">“{s.message}”</p> : null}
              </td>
              <td className="p-3 text-right whitespace-nowrap">{money(s.total)}</td>
              <td className="p-3">
                {STATUS[s.status]}
                {s.status_reason ? <p className="mt-1 text-xs text-ink-soft">{s.status_reason}</p> : null}
              </td>
              <td className="p-3">
                <div className="flex flex-wrap gap-2">
                  {view === "host" && s.status === "requested" ? (
                    <>
                      <Button onClick={() => setActing({ stay: s, act: "accept" })}>Accept</Button>
                      <Button variant="secondary" onClick={() => setActing({ stay: s, act: "decline" })}>
                        Decline
                      </Button>
                    </>
                  ) : null}
                  {(s.status === "accepted" && !hasBegun(s)) || (view === "guest" && s.status === "requested") ? (
                    <Button variant="ghost" onClick={() => setActing({ stay: s, act: "cancel" })}>
                      Cancel
                    </Button>
                  ) : null}
                  {view === "guest" && s.status === "accepted" && isOver(s) && !s.reviewed ? (
                    <Button variant="secondary" onClick={() => setActing({ stay: s, act: "review" })}>
                      Leave a note
                    </Button>
                  ) : null}
                  {s.status === "accepted" ? (
                    <a className="self-center text-plum hover:underline" href={`/api/stays/${s.id}/stay.ics`} download>
                      Add to calendar
                    </a>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {acting ? <StayAct key={acting.stay.id + acting.act} {...acting} onDone={() => setActing(null)} /> : null}
    </div>
  );
}

const ACTS: Record<Act, { title: string; confirm: string; label: string; tone: "primary" | "danger" }> = {
  accept: {
    title: "Accept this stay?",
    confirm: "Yes, accept",
    label: "A message to your guest (optional)",
    tone: "primary",
  },
  decline: {
    title: "Decline this request?",
    confirm: "Yes, decline",
    label: "A word to her (optional)",
    tone: "danger",
  },
  cancel: {
    title: "Cancel this stay?",
    confirm: "Yes, cancel the stay",
    label: "The reason (required)",
    tone: "danger",
  },
  review: {
    title: "A note about your stay",
    confirm: "Leave the note",
    label: "Your note for the club (members read it on the home's page)",
    tone: "primary",
  },
};

const DESCRIPTIONS: Record<Act, string> = {
  accept: "Requests that overlap these nights will be declined.",
  decline: "Both of you will be told.",
  cancel: "Both of you will be told.",
  review: "A few words for the club and its members: what made the stay, what to know.",
};

function StayAct({ stay, act, onDone }: { stay: Stay; act: Act; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const options = {
    onSuccess: async (answer: { message: string }) => {
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: trpc.stays.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.homes.pathKey() });
      onDone();
    },
    onError: (err: unknown) => setError(errorMessage(err, "That did not work. Please try again.")),
  };
  const accept = useMutation(trpc.stays.accept.mutationOptions(options));
  const decline = useMutation(trpc.stays.decline.mutationOptions(options));
  const cancel = useMutation(trpc.stays.cancel.mutationOptions(options));
  const review = useMutation(trpc.stays.review.mutationOptions(options));
  const busy = accept.isPending || decline.isPending || cancel.isPending || review.isPending;
  const words = ACTS[act];
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={words.title}
      description={`${stay.home_title}, ${formatCardDate(stay.arrive)} to ${formatCardDate(stay.depart)}. ${DESCRIPTIONS[act]}`}
      confirmLabel={words.confirm}
      tone={words.tone}
      busy={busy}
      onConfirm={() => {
        if (act === "cancel") {
          if (!text.trim()) return setError("Give a reason: the other side will read it.");
          return cancel.mutate({ id: stay.id, reason: text });
        }
        if (act === "review") {
          if (!text.trim()) return setError("Write a few words: members read them on the home's page.");
          return review.mutate({ id: stay.id, text });
        }
        const input = { id: stay.id, ...(text.trim() ? { message: text } : {}) };
        return act === "accept" ? accept.mutate(input) : decline.mutate(input);
      }}
    >
      <TextArea
        label={words.label}
        value={text}
        maxLength={1000}
        onChange={(e) => setText(e.target.value)}
        error={error}
        className="mb-4"
      />
    </ConfirmDialog>
  );
}
