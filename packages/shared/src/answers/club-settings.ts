import { z } from "zod";
import { adminSignInRules } from "../schemas/club-settings";

/** clubSettings.get */
export const clubSettingsGetAnswer = z.object({ adminSignIn: z.enum(adminSignInRules) });

/** clubSettings.update */
export const clubSettingsUpdateAnswer = z.object({ adminSignIn: z.enum(adminSignInRules) });
