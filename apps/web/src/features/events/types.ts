import type { RouterOutputs } from "@club/api";

export type EventDto = RouterOutputs["events"]["get"];
