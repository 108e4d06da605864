import { formatTime12h } from "@club/shared";
import { Link } from "@tanstack/react-router";
import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  parseISO,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import { useMemo } from "react";
import { today } from "../../lib/time-zone";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import type { EventSummary } from "./types";

/** The days the month's grid draws: whole weeks, Sunday first, from the week of its 1st to that of its last day. */
export const gridDays = (month: Date) =>
  eachDayOfInterval({ start: startOfWeek(startOfMonth(month)), end: endOfWeek(endOfMonth(month)) });

/**
 * The events on each day from `first` to `last` ("yyyy-MM-dd"): an event shows on every day from
 * its start to its end. The grid asks for all the days it draws, the neighbouring months' too.
 */
export function eventsByDay(events: EventSummary[], first: string, last: string): Map<string, EventSummary[]> {
  const days = new Map<string, EventSummary[]>();
  for (const e of events) {
    const end = e.end_date ?? e.event_date;
    if (end < first || e.event_date > last) continue;
    for (let day = parseISO(e.event_date); format(day, "yyyy-MM-dd") <= end; day = addDays(day, 1)) {
      const key = format(day, "yyyy-MM-dd");
      if (key < first) continue;
      days.set(key, [...(days.get(key) ?? []), e]);
    }
  }
  return days;
}

/**
 * A month of events: a grid of weeks (Sunday first) on wide screens, the days that have events as
 * a list on phones. Moving between months changes the address, so Back and links work.
 */
export function MonthCalendar({
  events,
  month,
  onMonthChange,
}: {
  events: EventSummary[];
  month: Date;
  onMonthChange: (month: Date) => void;
}) {
  const days = useMemo(() => gridDays(month), [month]);
  const byDay = useMemo(
    () =>
      eventsByDay(
        events,
        format(startOfWeek(startOfMonth(month)), "yyyy-MM-dd"),
        format(endOfWeek(endOfMonth(month)), "yyyy-MM-dd"),
      ),
    [events, month],
  );
  const todayKey = today();
  // The phone's list is the month's own days; the grid also fills in the neighbouring ones it draws.
  const monthKey = format(month, "yyyy-MM");
  const busyDays = [...byDay.keys()].filter((key) => key.startsWith(monthKey)).sort();

  return (
    <section aria-labelledby="month-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="month-heading" className="text-3xl text-plum">
          {format(month, "MMMM yyyy")}
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => onMonthChange(addMonths(month, -1))}>
            ← Previous month
          </Button>
          <Button variant="ghost" onClick={() => onMonthChange(parseISO(today()))}>
            This month
          </Button>
          <Button variant="secondary" onClick={() => onMonthChange(addMonths(month, 1))}>
            Next month →
          </Button>
        </div>
      </div>

      <div className="hidden overflow-hidden rounded-[var(--radius-card)] border border-line bg-card md:block">
        <div aria-hidden="true" className="grid grid-cols-7 border-b border-line bg-paper-deep text-xs text-ink-soft">
          {days.slice(0, 7).map((d) => (
            <span key={d.toISOString()} className="px-2 py-2 text-center font-medium uppercase tracking-wider">
              {format(d, "EEE")}
            </span>
          ))}
        </div>
        <ol className="grid grid-cols-7">
          {days.map((d) => {
            const key = format(d, "yyyy-MM-dd");
            const list = byDay.get(key) ?? [];
            return (
              <li
                key={key}
                aria-label={`${format(d, "EEEE, MMMM d")}: ${list.length ? list.map((e) => e.title).join(", ") : "no events"}`}
                className={cn(
                  "min-h-28 border-line border-r border-b p-1.5 text-sm [&:nth-child(7n)]:border-r-0",
                  !isSameMonth(d, month) && "bg-paper/60 text-ink-soft/80",
                )}
              >
                <span
                  className={cn(
                    "mb-1 inline-grid size-7 place-items-center rounded-full text-xs",
                    key === todayKey && "bg-plum font-semibold text-white",
                  )}
                >
                  {format(d, "d")}
                </span>
                <ul className="space-y-1">
                  {list.map((e) => (
                    <li key={e.id}>
                      <Link
                        to="/events/$id"
                        params={{ id: e.slug }}
                        // A cut title shows whole while the pointer is on it or it has the focus.
                        className="block truncate rounded px-1.5 py-0.5 text-xs text-ink hover:whitespace-normal hover:underline focus-visible:whitespace-normal"
                        style={{ background: `${e.color}55`, borderLeft: `3px solid ${e.color}` }}
                        title={`${e.title}, ${formatTime12h(e.start_time)}`}
                      >
                        <span className="font-semibold">{formatTime12h(e.start_time)}</span> {e.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      </div>

      <div className="md:hidden">
        {busyDays.length === 0 ? (
          <p className="text-ink-soft">No events this month.</p>
        ) : (
          <ol className="space-y-4">
            {busyDays.map((key) => (
              <li key={key}>
                <h3 className="mb-1 font-sans text-sm font-semibold text-ink-soft">
                  {format(parseISO(key), "EEEE, MMMM d")}
                </h3>
                <ul className="divide-y divide-line rounded-lg border border-line bg-card">
                  {(byDay.get(key) ?? []).map((e) => (
                    <li key={e.id}>
                      <Link
                        to="/events/$id"
                        params={{ id: e.slug }}
                        className="flex items-center gap-3 px-3 py-2.5 text-ink"
                      >
                        <span
                          aria-hidden="true"
                          className="size-3 shrink-0 rounded-full"
                          style={{ background: e.color }}
                        />
                        <span className="flex-1">{e.title}</span>
                        <span className="text-xs text-ink-soft">{formatTime12h(e.start_time)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
