import { z } from "zod";
import { adminSignInRules } from "../schemas/club-settings";

/** clubSettings.get */
const travelDiscountsAnswer = z.object({ "Travel Host": z.number(), Founding: z.number(), Standard: z.number() });
export const clubSettingsGetAnswer = z.object({
  adminSignIn: z.enum(adminSignInRules),
  /** Each member type's discount on Travel's nightly rates, in percent. */
  travelDiscounts: travelDiscountsAnswer,
});

/** clubSettings.update */
export const clubSettingsUpdateAnswer = clubSettingsGetAnswer;
