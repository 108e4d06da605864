import type { Db } from "@club/db";
import { homeTaken, homeWindows } from "@club/db";
import { and, eq, sql } from "@club/db/orm";
import { badRequest } from "../../errors";
import { dayNumber } from "./rules";

/** A night as a home's month calendar shows it. */
export type NightState = "open" | "closed" | "blocked" | "taken";

const DAY_MS = 86_400_000;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** `[2031-07-01,2031-07-05)` → its first night and the day after its last, as day numbers. */
function bounds(range: string): [number, number] {
  const m = /^\[(\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2})\)$/.exec(range);
  const [, from, to] = m ?? [];
  if (!from || !to) throw new Error(`Not a daterange of days: ${range}`);
  return [dayNumber(from), dayNumber(to)];
}

/**
 * Each night of a month (`YYYY-MM`) of a home: open (inside a window and free), closed (outside
 * every window), blocked by its host, or taken by a stay. Whose stay is never said.
 */
export async function homeMonth(db: Db, homeId: string, month: string): Promise<{ day: string; state: NightState }[]> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw badRequest("Give the month as YYYY-MM, for example 2031-07.");
  const first = dayNumber(`${month}-01`);
  const [y, m] = month.split("-").map(Number) as [number, number];
  const next = dayNumber(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`);
  const span = sql`daterange(${dayOf(first)}::date, ${dayOf(next)}::date)`;
  const [windows, taken] = await Promise.all([
    db
      .select({ nights: homeWindows.nights })
      .from(homeWindows)
      .where(and(eq(homeWindows.homeId, homeId), sql`${homeWindows.nights} && ${span}`)),
    db
      .select({ nights: homeTaken.nights, stayId: homeTaken.stayId })
      .from(homeTaken)
      .where(and(eq(homeTaken.homeId, homeId), sql`${homeTaken.nights} && ${span}`)),
  ]);
  const nights: { day: string; state: NightState }[] = [];
  for (let d = first; d < next; d++) {
    const within = (range: string) => {
      const [from, to] = bounds(range);
      return d >= from && d < to;
    };
    const hold = taken.find((t) => within(t.nights));
    const state: NightState = hold
      ? hold.stayId
        ? "taken"
        : "blocked"
      : windows.some((w) => within(w.nights))
        ? "open"
        : "closed";
    nights.push({ day: dayOf(d), state });
  }
  return nights;
}
