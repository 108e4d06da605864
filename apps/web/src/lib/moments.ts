import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { displayZone } from "./time-zone";

/** A moment (an upload, a message sent) as text, in the display zone (see time-zone.ts). */
export function formatMoment(moment: Date, pattern: string): string {
  return format(new TZDate(moment, displayZone()), pattern);
}
