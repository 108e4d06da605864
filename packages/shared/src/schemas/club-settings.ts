import { z } from "../zod";

/**
 * How administrators must be signed in to use the admin tools: `any` way, or with a passkey or the
 * club's identity provider (a password alone is refused). The command line is beyond the rule.
 */
export const adminSignInRules = ["any", "passkey-or-provider"] as const;
export type AdminSignInRule = (typeof adminSignInRules)[number];
export const adminSignInRule = z.enum(adminSignInRules, { error: "The rule must be any or passkey-or-provider." });

/** The club's settings (Admin Panel → Security settings), each with the value it has until an admin sets it. */
export const clubSettingsSchema = z.object({ adminSignIn: adminSignInRule });
export type ClubSettings = z.infer<typeof clubSettingsSchema>;
export const defaultClubSettings: ClubSettings = { adminSignIn: "any" };

/** A change to some of them. */
export const clubSettingsChange = clubSettingsSchema.partial();
