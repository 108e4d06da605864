import { z } from "zod";
import { memberTypes } from "../enums";
import { imageSourceSchema, mediaItemSchema, portraitSchema } from "./common";

/** members.list */
export const membersListAnswer = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(memberTypes),
      talents: z.array(z.string()),
      portrait: portraitSchema,
      email: z.string().nullable(),
      member_since: z.date(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** members.talents */
export const membersTalentsAnswer = z.array(z.object({ talent: z.string(), members: z.number() }));

/** members.get */
export const membersGetAnswer = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(memberTypes),
  member_since: z.date(),
  email: z.string().nullable(),
  bio: z.string(),
  talents: z.array(z.string()),
  interests: z.array(z.string()),
  portrait: portraitSchema,
  showcase: z.array(mediaItemSchema),
  upload_count: z.number(),
  is_me: z.boolean(),
});
