import type { RouterOutputs } from "@club/api";
import { stringify } from "csv-stringify/sync";
import { inert } from "./csv-cells";

type Attendees = RouterOutputs["events"]["attendees"];

const row = (status: string, position: number | "", a: Attendees["participants"][number]) => [
  status,
  position,
  inert(a.name),
  // A member who keeps her address from the caller: the cell stays, empty (the directory shows nothing either).
  inert(a.email ?? ""),
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
