import type { RouterOutputs } from "@club/api";
import { stringify } from "csv-stringify/sync";

type Attendees = RouterOutputs["events"]["attendees"];

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab or carriage return) as a formula;
 * members choose their own names, so such a cell is prefixed with an apostrophe (OWASP's advice).
 * A spreadsheet told to split on ";" (or ",", or tabs) ignores the quotes and makes each part
 * after a separator a cell of its own, so such a part gets the apostrophe too (spaces before the
 * formula included: some importers trim them).
 */
const inert = (v: string) => v.replace(/(^|[,;\t])(?=[ ]*[=+\-@\t\r])/g, "$1'");

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
    {
      header: true,
      columns: ["status", "waitlist position", "name", "email", "guests", "joined at"],
      // Quoted, a text cell stays one cell whatever separators it holds, for importers that honour quotes.
      quoted_string: true,
    },
  );
}
