import { z } from "../zod";

/**
 * How administrators must be signed in to use the admin tools: `any` way, or with a passkey or the
 * club's identity provider (a password alone is refused). The command line is beyond the rule.
 */
export const adminSignInRules = ["any", "passkey-or-provider"] as const;
export type AdminSignInRule = (typeof adminSignInRules)[number];
export const adminSignInRule = z.enum(adminSignInRules, { error: "The rule must be any or passkey-or-provider." });

const percent = (type: string) =>
  z.coerce
    .number({ error: `The ${type} discount must be a number from 0 to 100.` })
    .int(`The ${type} discount must be a whole number of percent.`)
    .min(0, `The ${type} discount must be from 0 to 100.`)
    .max(100, `The ${type} discount must be from 0 to 100.`);

/**
 * Each member type's discount on a home's nightly rate (Travel), in percent. A stay keeps the
 * discount it was asked with: a change reaches new requests only.
 */
export const travelDiscountsSchema = z.object({
  "Travel Host": percent("Travel Host"),
  Founding: percent("Founding"),
  Standard: percent("Standard"),
});
export type TravelDiscounts = z.infer<typeof travelDiscountsSchema>;

/** The club's settings (Admin Panel → Club settings), each with the value it has until an admin sets it. */
export const clubSettingsSchema = z.object({ adminSignIn: adminSignInRule, travelDiscounts: travelDiscountsSchema });
export type ClubSettings = z.infer<typeof clubSettingsSchema>;
/** Travel's discounts follow the Membership page: Travel Hosts stay free, Founding 80% off, Standard 50% off. */
export const defaultClubSettings: ClubSettings = {
  adminSignIn: "any",
  travelDiscounts: { "Travel Host": 100, Founding: 80, Standard: 50 },
};

/** A change to some of them. */
export const clubSettingsChange = clubSettingsSchema.partial();
