import { formatCardDate, formatTime12h } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { today } from "../../lib/time-zone";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cn } from "../../ui/cn";
import { RepeatIcon, SeriesSummary } from "./SeriesSummary";
import type { EventDto } from "./types";

export type Series = NonNullable<EventDto["series"]>;
export type SeriesDate = Series["dates"][number];

/** Up to this many dates are listed whole; more show the few around this one until she asks for all. */
const LISTED_WHOLE = 8;

/**
 * The event page's dates of its series, in order: each a link to its page, this one marked, the
 * past ones quieter. A long series shows the dates around this one and a button for the rest.
 */
export function SeriesDates({ series, currentId }: { series: Series; currentId: string }) {
  const listId = useId();
  const [all, setAll] = useState(false);
  const todayKey = today();
  const dates = series.dates;
  const at = Math.max(
    0,
    dates.findIndex((d) => d.id === currentId),
  );
  const long = dates.length > LISTED_WHOLE;
  const from = long && !all ? Math.max(0, Math.min(at - 2, dates.length - 6)) : 0;
  const shown = long && !all ? dates.slice(from, from + 6) : dates;
  return (
    <div className="flex flex-col gap-3">
      <SeriesSummary summary={series.summary} className="font-medium text-plum" />
      <ol id={listId} aria-label="Dates of the series" className="grid grid-cols-2 gap-1.5">
        {shown.map((d) => {
          const current = d.id === currentId;
          const past = d.event_date < todayKey;
          const inner = (
            <>
              <span className="tabular-nums">{formatCardDate(d.event_date)}</span>
              <span className={cn("text-xs tabular-nums", current ? "text-plum" : "text-ink-soft")}>
                {formatTime12h(d.start_time)}
              </span>
            </>
          );
          // On a phone the time goes under the date, so two dates fit side by side.
          const row =
            "flex flex-col rounded-lg border px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-3";
          return (
            <li key={d.id}>
              {current ? (
                <span aria-current="page" className={cn(row, "border-plum/40 bg-plum-soft font-semibold text-plum")}>
                  {inner}
                  <span className="sr-only"> (this date)</span>
                </span>
              ) : (
                <Link
                  to="/events/$id"
                  params={{ id: d.slug }}
                  className={cn(
                    row,
                    "border-line bg-card transition-colors hover:border-plum hover:text-plum",
                    past ? "text-ink-soft" : "text-ink",
                  )}
                >
                  {inner}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
      {long ? (
        <button
          type="button"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll((v) => !v)}
          className="self-start text-sm font-medium text-plum underline underline-offset-4 hover:text-plum-deep"
        >
          {all ? "Show fewer dates" : `Show all ${dates.length} dates`}
        </button>
      ) : null}
    </div>
  );
}

export type Scope = "this" | "following" | "all";

const dateCount = (n: number) => (n === 1 ? "1 date" : `${n} dates`);

/**
 * Which dates of a series an edit or a cancellation is for: this one, it and those after it, or
 * every date. Radios drawn as cards, each saying which dates it takes.
 */
export function ScopeChoice({
  series,
  currentId,
  value,
  onChange,
  legend,
  focusFirst = false,
}: {
  /** The chosen option takes the focus when it appears (in place of what she pressed). */
  focusFirst?: boolean;
  series: Series;
  currentId: string;
  value: Scope;
  onChange: (scope: Scope) => void;
  legend: string;
}) {
  const name = useId();
  // The button she pressed goes (the question takes its place): focus goes to her choice.
  const chosen = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) chosen.current?.focus();
  }, [focusFirst]);
  const at = series.dates.findIndex((d) => d.id === currentId);
  const current = series.dates[at];
  const day = current ? formatCardDate(current.event_date) : "This date";
  const after = at >= 0 ? series.dates.length - at - 1 : 0;
  const options: { value: Scope; label: string; detail: string }[] = [
    { value: "this", label: "This event", detail: `Only ${day}.` },
    {
      value: "following",
      label: "This and following events",
      detail: after > 0 ? `${day} and the ${dateCount(after)} after it.` : `${day}: no date follows it.`,
    },
    { value: "all", label: "All events", detail: `Every date of the series (${dateCount(series.dates.length)}).` },
  ];
  return (
    <fieldset className="mb-5">
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-col gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold has-[:focus-visible]:outline-offset-2",
              value === o.value ? "border-plum bg-plum-soft" : "border-line bg-card hover:border-plum/60",
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              ref={value === o.value ? chosen : undefined}
              className="mt-0.5 size-4 shrink-0 accent-plum"
            />
            <span className="flex flex-col">
              <span className="text-sm font-medium text-ink">{o.label}</span>
              <span className="text-xs text-ink-soft">{o.detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Beside Join/Leave on a date of a series: "Join the series" (every coming date she may join, a
 * full one's waitlist), and "Leave the series" once she is on a coming date (asks first).
 */
export function SeriesJoinLeave({ event, series }: { event: EventDto; series: Series }) {
  const queryClient = useQueryClient();
  const todayKey = today();
  // Each date says where she stands on it (going, waiting, or neither).
  const coming = series.dates.filter((d) => d.event_date >= todayKey);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
  const join = useMutation(
    trpc.events.joinSeries.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "You could not join the series. Please try again.")),
    }),
  );
  const leave = useMutation(
    trpc.events.leaveSeries.mutationOptions({
      onSuccess: async (r) => {
        setConfirmLeave(false);
        toast.success(r.message);
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "You could not leave the series. Please try again.")),
    }),
  );
  if (coming.length === 0) return null;
  const onSome = coming.some((d) => d.me !== null);
  const onAll = coming.every((d) => d.me !== null);
  return (
    <>
      {onAll ? null : (
        <Button variant="secondary" onClick={() => join.mutate({ id: event.id })} disabled={join.isPending}>
          <RepeatIcon className="size-4" />
          Join the series
        </Button>
      )}
      {onSome ? (
        <Button variant="secondary" onClick={() => setConfirmLeave(true)}>
          Leave the series
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title="Leave the series?"
        description={`You will be taken off every coming date of ${event.title} you are on or waiting for. Dates that are over stay as they are, and you can join again later.`}
        confirmLabel="Yes, Leave the Series"
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ id: event.id })}
      />
    </>
  );
}
