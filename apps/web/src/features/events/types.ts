import type { RouterOutputs } from "@club/api";

export type EventDto = RouterOutputs["events"]["get"];
/** An event's card in the list and on the month's calendar. */
export type EventSummary = RouterOutputs["events"]["list"]["items"][number];
