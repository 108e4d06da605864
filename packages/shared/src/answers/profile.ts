import { z } from "zod";
import { imageSourceSchema, mediaItemSchema, portraitSchema } from "./common";

export const profileSchema = z
  .object({
    bio: z.string(),
    talents: z.array(z.string()),
    interests: z.array(z.string()),
    show_email: z.boolean(),
    portrait: portraitSchema,
    showcase: z.array(mediaItemSchema),
  })
  .meta({ id: "Profile" });

/** profile.get */
export const profileGetAnswer = profileSchema;

/** profile.update */
export const profileUpdateAnswer = profileSchema;

/** profile.setShowcase */
export const profileSetShowcaseAnswer = profileSchema;

/** profile.removePortrait */
export const profileRemovePortraitAnswer = profileSchema;
