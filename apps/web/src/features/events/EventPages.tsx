import { Fragment } from "react";
import { today } from "../../lib/time-zone";
import { Button } from "../../ui/Button";
import { EventCard, isPast } from "./EventCard";
import type { EventSummary } from "./types";

/** What the list shows and what it can fetch next: an infinite query's pages, flattened. */
export interface EventPagesProps {
  events: EventSummary[];
  /** The past holds more (the list starts at today). */
  hasEarlier: boolean;
  /** More lie after the last card. */
  hasMore: boolean;
  loadingEarlier: boolean;
  loadingMore: boolean;
  onEarlier: () => void;
  onMore: () => void;
  /** Shown when there is nothing at all to show or fetch. */
  empty: string;
}

/**
 * The events page's cards, a bounded page at a time: "Show earlier events" above them pages back
 * through the past (the earlier cards appear under the button, so what was read stays in order
 * below), "Show more events" under them pages on. The buttons keep their place and size while a
 * page loads, so nothing jumps.
 */
export function EventPages(props: EventPagesProps) {
  const { events, hasEarlier, hasMore } = props;
  // Where the past ends: earlier events brought in sit above a line at today (a list sorted
  // newest first has no such place, and shows none).
  const todayKey = today();
  const firstUpcoming = events.findIndex((e) => !isPast(e, todayKey));
  if (events.length === 0 && !hasEarlier && !hasMore) return <p className="text-ink-soft">{props.empty}</p>;
  return (
    <>
      {hasEarlier ? (
        <div className="mb-6 flex justify-center">
          <Button variant="secondary" onClick={props.onEarlier} disabled={props.loadingEarlier}>
            {props.loadingEarlier ? "Loading earlier events…" : "Show earlier events"}
          </Button>
        </div>
      ) : null}
      {events.length === 0 ? <p className="mb-6 text-ink-soft">No upcoming events.</p> : null}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {events.map((e, i) => (
          <Fragment key={e.id}>
            {i === firstUpcoming && i > 0 ? <TodayDivider /> : null}
            <li>
              <EventCard event={e} />
            </li>
          </Fragment>
        ))}
      </ul>
      {hasMore ? (
        <div className="mt-8 flex justify-center">
          <Button variant="secondary" onClick={props.onMore} disabled={props.loadingMore}>
            {props.loadingMore ? "Loading more events…" : "Show more events"}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The line between the events that are over and those to come. */
function TodayDivider() {
  return (
    <li className="col-span-full flex items-center gap-4" aria-label="Today: upcoming events follow">
      <span aria-hidden="true" className="h-px flex-1 bg-gold-light" />
      <span className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">Today</span>
      <span aria-hidden="true" className="h-px flex-1 bg-gold-light" />
    </li>
  );
}
