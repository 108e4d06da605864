import { createEvent, type DateArray } from "ics";
import type { StayRow } from "./views";

const day = (d: string): DateArray => d.split("-").map(Number) as DateArray;

/**
 * A stay as a calendar file (RFC 5545): one all-day event from the arrival to the departure day
 * (DTEND exclusive, so the departure day stays free in her calendar), its status as the stay's,
 * with the home's exact address only when `withAddress` (see seesAddress).
 */
export function stayCalendarFile(row: StayRow, appOrigin: string, withAddress: boolean) {
  const { stay } = row;
  const status = stay.status === "accepted" ? "CONFIRMED" : stay.status === "requested" ? "TENTATIVE" : "CANCELLED";
  const { error, value } = createEvent({
    start: day(stay.arrive),
    end: day(stay.depart),
    title: `Stay at ${row.homeTitle}`,
    description: `${stay.nights} night${stay.nights === 1 ? "" : "s"} · ${stay.guests} guest${stay.guests === 1 ? "" : "s"} · hosted by ${row.hostName}, guest ${row.guestName}`,
    location: withAddress ? `${row.address}, ${row.city}, ${row.country}` : `${row.city}, ${row.country}`,
    url: `${appOrigin}/travel/${stay.homeId}`,
    uid: `stay-${stay.id}@club`,
    status,
    method: status === "CANCELLED" ? "CANCEL" : "PUBLISH",
    productId: "club/travel",
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar file.");
  return { filename: `stay-${stay.arrive}.ics`, text: value };
}
