import { z } from "zod";
import { memberTypes } from "../enums";

/** applications.submit */
export const applicationsSubmitAnswer = z.object({ message: z.string(), id: z.string() });

/** applications.list */
export const applicationsListAnswer = z.array(
  z.object({
    id: z.string(),
    full_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    reason: z.string(),
    interests: z.array(z.string()),
    availability: z.string().nullable(),
    referral: z.string().nullable(),
    comments: z.string().nullable(),
    membership_type: z.enum(memberTypes),
    created_at: z.date(),
    accepted: z.boolean().nullable(),
    properties: z.array(
      z.object({
        address: z.string().nullable(),
        type: z.string().nullable(),
        description: z.string().nullable(),
        availability: z.string().nullable(),
      }),
    ),
  }),
);

/** applications.setStatus */
export const applicationsSetStatusAnswer = z.object({ id: z.string(), accepted: z.boolean().nullable() });
