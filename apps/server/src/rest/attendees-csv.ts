import type { RouterOutputs } from "@club/api";
import { stringify } from "csv-stringify/sync";

type Attendees = RouterOutputs["events"]["attendees"];

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab or carriage return) as a formula;
 * members choose their own names, so such a cell is prefixed with an apostrophe (OWASP's advice).
 */
const inert = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

export function attendeesCsv(list: Attendees): string {
  const rows = [
    ...list.participants.map((p) => ["going", "", p.name, p.email, p.guests, p.joined_at]),
    ...list.waitlist.map((w) => ["waitlist", w.position, w.name, w.email, w.guests, w.joined_at]),
  ];
  return stringify(
    rows.map(([status, position, name, email, guests, at]) => [
      status,
      position,
      inert(String(name)),
      inert(String(email)),
      guests,
      (at as Date).toISOString(),
    ]),
    { header: true, columns: ["status", "waitlist position", "name", "email", "guests", "joined at"] },
  );
}
