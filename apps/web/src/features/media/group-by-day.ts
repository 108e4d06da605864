import { formatMoment } from "../../lib/moments";

/** Media grouped by upload day, newest day first, keeping the order within a day. */
export function groupByDay<T extends { upload_date: Date }>(
  items: T[],
): { day: string; heading: string; items: T[] }[] {
  const groups = new Map<string, { heading: string; items: T[] }>();
  for (const item of items) {
    const day = formatMoment(item.upload_date, "yyyy-MM-dd");
    const group = groups.get(day) ?? { heading: formatMoment(item.upload_date, "EEEE, MMMM d, yyyy"), items: [] };
    group.items.push(item);
    groups.set(day, group);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([day, group]) => ({ day, ...group }));
}
