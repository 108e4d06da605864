import { memberTypes } from "../enums";
import { bidiMessage, hasBidiControls } from "../text";
import { z } from "../zod";
import { interests } from "./membership";

export const BIO_MAX = 1000;
export const TALENTS_MAX = 20;
export const TALENT_MAX_LENGTH = 40;
export const SHOWCASE_MAX = 12;

const talent = z
  .string()
  .trim()
  .min(1, "A talent cannot be empty.")
  .max(TALENT_MAX_LENGTH, `Each talent can be at most ${TALENT_MAX_LENGTH} characters.`)
  .refine((v) => !hasBidiControls(v), bidiMessage("talent"));

/** Settings → Profile: what other members read about her. */
export const profileUpdateInput = z.object({
  bio: z
    .string()
    .trim()
    .max(BIO_MAX, `The bio can be at most ${BIO_MAX.toLocaleString("en")} characters.`)
    .refine((v) => !hasBidiControls(v), bidiMessage("bio")),
  talents: z
    .array(talent)
    .max(TALENTS_MAX, `List at most ${TALENTS_MAX} talents.`)
    // The same talent twice (whatever its case) is kept once.
    .transform((list) => list.filter((t, i) => list.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i)),
  interests: z.array(z.enum(interests)).max(interests.length),
  showEmail: z.boolean(),
});
export type ProfileUpdate = z.input<typeof profileUpdateInput>;

/** Her showcase: her own photos and videos in the order shown (an empty list clears it). */
export const showcaseInput = z.object({
  media: z
    .array(z.uuid("Media not found."))
    .max(SHOWCASE_MAX, `The showcase holds at most ${SHOWCASE_MAX} photos and videos.`)
    .refine((ids) => new Set(ids).size === ids.length, "Each photo or video can be in the showcase once."),
});

/** The directory (`/members`): a page of members, searched by name or talent, filtered by type and talent. */
export const directoryInput = z
  .object({
    search: z.string().trim().max(100).optional(),
    type: z.enum(memberTypes).optional(),
    talent: z.string().trim().max(TALENT_MAX_LENGTH).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  })
  .optional();

export const memberRefInput = z.object({ id: z.uuid("Member not found.") });
