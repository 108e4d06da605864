import {
  emailSchema,
  eventInput,
  eventSlug,
  futureMoment,
  memberTypes,
  nameSchema,
  passwordSchema,
} from "@club/shared";
import { z } from "zod";

const comment = z.object({
  /** Who wrote it (seeding on the database); remote seeding writes as the token's owner. */
  author: emailSchema.optional(),
  content: z.string().trim().min(1).max(5000),
});

/** A seed file: every list optional; each entry has a natural key (e-mail, code, slug, media name). */
export const seedFileSchema = z.object({
  users: z
    .array(
      z.object({
        email: emailSchema,
        name: nameSchema,
        password: passwordSchema,
        type: z.enum(memberTypes).default("Standard"),
        admin: z.boolean().default(false),
      }),
    )
    .default([]),
  invitationCodes: z
    .array(
      z.object({
        code: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z0-9-]{12,64}$/, "A code must be 12 to 64 letters, digits or hyphens."),
        uses: z.number().int().min(1).optional(),
        expires: futureMoment("The date").optional(),
      }),
    )
    .default([]),
  events: z
    .array(
      eventInput.extend({
        slug: eventSlug,
        createdBy: emailSchema.optional(),
        participants: z.array(emailSchema).default([]),
        comments: z.array(comment).default([]),
      }),
    )
    .default([]),
  media: z
    .array(
      z.object({
        /** A local file, relative to the seed file. */
        file: z.string().min(1),
        /** The natural key: the name shown in the gallery (default: the file's name). */
        name: z.string().trim().min(1).max(200).optional(),
        author: emailSchema.optional(),
        description: z.string().trim().max(5000).optional(),
        tags: z.array(z.string().trim().toLowerCase().min(1).max(40)).max(30).default([]),
        event: eventSlug.optional(),
        comments: z.array(comment).default([]),
      }),
    )
    .default([]),
});
export type SeedFile = z.output<typeof seedFileSchema>;

/** "events[2].start_time: Times must look like 16:00." */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const path = i.path.reduce<string>(
        (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
        "",
      );
      return `${path || "(file)"}: ${i.message}`;
    })
    .join("\n");
}
