import { formatCardDate } from "@club/shared";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { trpc } from "../../lib/trpc";

/**
 * A choice among the events the member can see, with an empty first option ("All Events" for a
 * filter, "(None)" for an association). The one event picker of the app.
 */
export function EventSelect({
  label,
  emptyLabel,
  value,
  onChange,
  disabled,
  withMedia,
}: {
  label: string;
  emptyLabel: string;
  value: string;
  onChange: (eventId: string) => void;
  disabled?: boolean;
  /** Offer only the events that have photos or videos (the gallery's filter). */
  withMedia?: boolean;
}) {
  const events = useQuery(trpc.events.choices.queryOptions({ withMedia }));
  // Titles more than one event has (a repeating event's dates share theirs): those say their date.
  const shared = useMemo(() => {
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const e of events.data ?? []) (seen.has(e.title) ? twice : seen).add(e.title);
    return twice;
  }, [events.data]);
  return (
    // A set width: the options arrive after the first paint, and a select sized by its longest title
    // would grow then (on a phone, wrapping onto a new line and pushing the page down).
    <label className="flex min-w-56 flex-1 flex-col gap-1.5 text-sm font-medium">
      {label}
      <select
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="w-full min-w-0 rounded-lg border border-line bg-card px-3 py-2 font-normal"
      >
        <option value="">{emptyLabel}</option>
        {events.data?.map((e) => (
          <option key={e.id} value={e.id}>
            {shared.has(e.title) ? `${e.title} · ${formatCardDate(e.event_date)}` : e.title}
          </option>
        ))}
      </select>
    </label>
  );
}
