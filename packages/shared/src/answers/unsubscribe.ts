import { z } from "zod";
import { mailKinds } from "../mail-kinds";

export const unsubscribeStateSchema = z
  .object({ kind: z.enum(mailKinds), receives: z.boolean(), address: z.string() })
  .meta({ id: "UnsubscribeState" });

/** unsubscribe.get */
export const unsubscribeGetAnswer = unsubscribeStateSchema;

/** unsubscribe.set */
export const unsubscribeSetAnswer = unsubscribeStateSchema;
