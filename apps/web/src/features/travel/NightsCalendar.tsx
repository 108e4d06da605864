import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";

const STATES = {
  open: { label: "Open", className: "bg-success-soft text-success" },
  closed: { label: "Not offered", className: "bg-paper-deep text-ink-soft" },
  blocked: { label: "Blocked by the host", className: "bg-paper-deep text-ink-soft line-through" },
  taken: { label: "Taken", className: "bg-plum-soft text-plum line-through" },
} as const;

type Night = { day: string; state: keyof typeof STATES };

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const nextMonth = (month: string, by: number) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};

/** A month of a home's nights: open, not offered, blocked or taken (whose, never), a week a row. */
export function NightsCalendar({ homeId, start }: { homeId: string; start: string }) {
  const [month, setMonth] = useState(start);
  const { data: nights, isPending } = useQuery(trpc.homes.month.queryOptions({ id: homeId, month }));
  const title = new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  // Monday first: how many empty cells before the 1st.
  const lead = (new Date(`${month}-01T00:00:00Z`).getUTCDay() + 6) % 7;
  return (
    <section aria-labelledby="nights-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" onClick={() => setMonth((m) => nextMonth(m, -1))} aria-label="Previous month">
          ‹
        </Button>
        <h2 id="nights-title" className="text-xl text-ink" aria-live="polite">
          {title}
        </h2>
        <Button variant="ghost" onClick={() => setMonth((m) => nextMonth(m, 1))} aria-label="Next month">
          ›
        </Button>
      </div>
      <table className="w-full table-fixed border-separate border-spacing-1 text-center text-sm">
        <caption className="sr-only">Nights of {title}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="font-normal text-ink-soft">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isPending || !nights ? (
            <tr>
              <td colSpan={7} className="py-8 text-ink-soft">
                Loading…
              </td>
            </tr>
          ) : (
            weeks<Night | null>([...Array<null>(lead).fill(null), ...nights]).map((week) => (
              <tr key={week.find((n) => n)?.day ?? "lead"}>
                {week.map((n, i) =>
                  n ? (
                    <td
                      key={n.day}
                      className={cn("rounded-md py-2", STATES[n.state].className)}
                      title={STATES[n.state].label}
                    >
                      {Number(n.day.slice(8))}
                      <span className="sr-only">: {STATES[n.state].label}</span>
                    </td>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the empty cells before the 1st have no other name
                    <td key={`empty-${i}`} />
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <ul className="flex flex-wrap gap-3 text-xs text-ink-soft" aria-label="Legend">
        {Object.values(STATES).map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span className={cn("inline-block size-3 rounded-sm", s.className)} aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </ul>
    </section>
  );
}

function weeks<T>(cells: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < cells.length; i += 7) out.push(cells.slice(i, i + 7));
  return out;
}
