import type { RouterOutputs } from "@club/api";

export type MediaItem = RouterOutputs["media"]["get"];
