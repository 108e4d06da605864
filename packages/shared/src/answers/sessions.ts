import { z } from "zod";
import { signInMethods } from "../enums";

/** sessions.list */
export const sessionsListAnswer = z.array(
  z.object({
    address: z.string().nullable(),
    method: z.enum(signInMethods),
    signedInAt: z.date(),
    lastSeenAt: z.date(),
    current: z.boolean(),
    browser: z.string().nullable(),
    system: z.string().nullable(),
    device: z.enum(["desktop", "mobile", "tablet", "tv"]).nullable(),
    id: z.string(),
  }),
);

/** sessions.end */
export const sessionsEndAnswer = z.object({ signedOut: z.boolean() });

/** sessions.endOthers */
export const sessionsEndOthersAnswer = z.object({ ended: z.number() });
