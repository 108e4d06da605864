import { z } from "zod";
import { imageSourceSchema, mediaItemSchema } from "./common";

/** images.byEvent */
export const imagesByEventAnswer = z.array(mediaItemSchema);

/** images.byTitle */
export const imagesByTitleAnswer = z.array(mediaItemSchema);
