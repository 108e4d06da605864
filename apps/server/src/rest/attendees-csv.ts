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

const row = (status: string, position: number | "", a: Attendees["participants"][number]) => [
  status,
  position,
  inert(a.name),
  inert(a.email),
  a.guests,
  a.joined_at.toISOString(),
];

export function attendeesCsv(list: Attendees): string {
  return stringify(
    [...list.participants.map((p) => row("going", "", p)), ...list.waitlist.map((w) => row("waitlist", w.position, w))],
    {
      header: true,
      columns: ["status", "waitlist position", "name", "email", "guests", "joined at"],
      // Quoted, a text cell stays one cell whatever separators it holds, for importers that honour quotes.
      quoted_string: true,
    },
  );
}
