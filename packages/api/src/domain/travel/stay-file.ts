import { createEvent, createEvents, type DateArray, type EventAttributes } from "ics";
import type { StayRow } from "./views";

/** A plain day (`2031-07-10`) as the calendar library takes an all-day date. */
export const day = (d: string): DateArray => d.split("-").map(Number) as DateArray;

/** A stay's calendar status: confirmed once accepted, tentative while asked, cancelled otherwise. */
const statusOf = (status: string) =>
  status === "accepted" ? "CONFIRMED" : status === "requested" ? "TENTATIVE" : "CANCELLED";

/**
 * A stay as a calendar entry (RFC 5545): all day from the arrival to the departure day (DTEND
 * exclusive, so the departure day stays free in her calendar), its status as the stay's, with the
 * home's exact address only when `withAddress` (see seesAddress). One UID per stay, so a feed's
 * entry and a downloaded file are the same entry and a change updates it.
 */
export function stayAttributes(row: StayRow, appOrigin: string, withAddress: boolean): EventAttributes {
  const { stay } = row;
  return {
    start: day(stay.arrive),
    end: day(stay.depart),
    title: `Stay at ${row.homeTitle}`,
    description: `Arrive from ${row.checkIn}, leave by ${row.checkOut} (${row.timeZone}) · ${stay.nights} night${stay.nights === 1 ? "" : "s"} · ${stay.guests} guest${stay.guests === 1 ? "" : "s"} · hosted by ${row.hostName}, guest ${row.guestName}`,
    location: withAddress ? `${row.address}, ${row.city}, ${row.country}` : `${row.city}, ${row.country}`,
    url: `${appOrigin}/travel/${stay.homeId}`,
    uid: `stay-${stay.id}@club`,
    status: statusOf(stay.status),
    productId: "club/travel",
  };
}

/** GET /api/stays/{id}/stay.ics: one stay as a file to open in a calendar. */
export function stayCalendarFile(row: StayRow, appOrigin: string, withAddress: boolean) {
  const attributes = stayAttributes(row, appOrigin, withAddress);
  const { error, value } = createEvent({
    ...attributes,
    method: attributes.status === "CANCELLED" ? "CANCEL" : "PUBLISH",
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar file.");
  return { filename: `stay-${row.stay.arrive}.ics`, text: value };
}

/** Several entries as one calendar's text (a feed's); a calendar with none is still a calendar. */
export function calendarOf(entries: EventAttributes[], name: string): string {
  if (entries.length === 0) {
    return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:club/travel\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:${name}\r\nEND:VCALENDAR\r\n`;
  }
  const { error, value } = createEvents(entries, { productId: "club/travel", method: "PUBLISH", calName: name });
  if (error || !value) throw error ?? new Error("Could not build the calendar.");
  return value;
}
