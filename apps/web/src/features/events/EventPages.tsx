import { Button } from "../../ui/Button";
import { EventCard } from "./EventCard";
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
        {events.map((e) => (
          <li key={e.id}>
            <EventCard event={e} />
          </li>
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
