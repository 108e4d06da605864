import { z } from "zod";
import { mailPreferencesSchema } from "../mail-kinds";

/** preferences.get */
export const preferencesGetAnswer = z.object({ mail: mailPreferencesSchema, reminderHours: z.number() });

/** preferences.update */
export const preferencesUpdateAnswer = z.object({ message: z.string(), mail: mailPreferencesSchema });
