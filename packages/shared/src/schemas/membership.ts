import { applicationMemberTypes, memberTypes } from "../enums";
import { z } from "../zod";
import { emailSchema, nameSchema, passwordSchema } from "./auth";

export const REQUIRED = "Please fill out all required fields.";

/** An account an admin creates (User Management, the CLI, seed files). */
export const newUserInput = z.object({
  email: emailSchema,
  name: nameSchema,
  password: passwordSchema,
  type: z.enum(memberTypes).default("Standard"),
  admin: z.boolean().default(false),
});

/** Interests as stored, with the label the form shows ('Showcases' reads 'Art Displays'). */
export const interestOptions = [
  { value: "Travel", label: "Travel" },
  { value: "Shows", label: "Shows" },
  { value: "Workshops", label: "Workshops" },
  { value: "Showcases", label: "Art Displays" },
] as const;
export const interests = ["Travel", "Shows", "Workshops", "Showcases"] as const;
export const availabilities = ["Weekdays", "Weekends", "Flexible"] as const;
export const propertyAvailabilities = ["Available Now", "Seasonal"] as const;

/** One to four digits or plus signs, a hyphen, then exactly ten digits (SPEC.md section 9). */
export const PHONE_PATTERN = /^[0-9+]{1,4}-\d{10}$/;

export const invitationCodeInput = z.object({
  code: z.string().trim().min(1, "Please enter your invitation code.").max(100, "Invalid invitation code."),
});

const required = (max: number) =>
  z.string(REQUIRED).trim().min(1, REQUIRED).max(max, `Please keep this under ${max} characters.`);
/** A required choice: the empty option a form's select starts on is taken, and refused as missing. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(["", ...values], REQUIRED).refine((v: "" | T[number]): v is T[number] => v !== "", REQUIRED);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The spec's application submission payload, validated the same way in the form and on the server. */
export const applicationInput = z
  .object({
    invitationCode: invitationCodeInput.shape.code,
    full_name: required(200),
    email: z.string(REQUIRED).trim().min(1, REQUIRED).pipe(emailSchema),
    phone: z.string(REQUIRED).trim().min(1, REQUIRED).regex(PHONE_PATTERN, "Invalid phone number."),
    reason: required(5000),
    interests: z.array(z.enum(interests, REQUIRED), REQUIRED).min(1, REQUIRED).max(interests.length),
    availability: choice(availabilities),
    referral: optionalText(500),
    comments: optionalText(5000),
    membershipType: choice(applicationMemberTypes),
    propertyAddress: optionalText(500),
    propertyType: optionalText(200),
    propertyDescription: optionalText(5000),
    propertyAvailability: z
      .enum(propertyAvailabilities)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((a, ctx) => {
    if (a.membershipType !== "Travel Host") return;
    for (const key of ["propertyAddress", "propertyType", "propertyDescription", "propertyAvailability"] as const) {
      if (!a[key]) ctx.addIssue({ code: "custom", path: [key], message: REQUIRED });
    }
  })
  .transform((a) =>
    // Property fields belong to Travel Host applications only (null otherwise, as the spec says).
    a.membershipType === "Travel Host"
      ? a
      : { ...a, propertyAddress: null, propertyType: null, propertyDescription: null, propertyAvailability: null },
  );
export type ApplicationInput = z.input<typeof applicationInput>;

export const applicationStatusInput = z.object({
  id: z.uuid("Unknown application."),
  accepted: z.boolean("accepted must be true or false."),
});

export const registerInput = z.object({
  token: z.string().trim().min(1).max(200),
  password: passwordSchema,
  name: nameSchema,
  type: z.enum(memberTypes, "Account type is required."),
});

export const forgotPasswordInput = z.object({
  email: z.string().trim().min(1, "Email is required.").pipe(emailSchema),
});
export const resetPasswordInput = z.object({ token: z.string().trim().min(1).max(200), newPassword: passwordSchema });

export const recipientGroups = [
  { value: "all", label: "All Members" },
  { value: "founding", label: "Founder Members" },
  { value: "standard", label: "Standard Members" },
  { value: "travel", label: "Travel Hosts" },
  { value: "admins", label: "Admins" },
  { value: "testing", label: "Testing Team" },
  { value: "selected", label: "Selected Members" },
] as const;
export const recipientGroupValues = ["all", "founding", "standard", "travel", "admins", "testing", "selected"] as const;
export type RecipientGroup = (typeof recipientGroupValues)[number];

const mailDraftFields = {
  subject: z.string().trim().max(300, "The subject is too long.").default(""),
  body: z.string().max(200_000, "The message is too long.").default(""),
  recipientGroup: z.enum(recipientGroupValues, "Choose a recipient group."),
  selectedMemberIds: z.array(z.uuid()).max(5000).optional(),
};

function checkMailDraft(
  m: { subject: string; body: string; recipientGroup: RecipientGroup; selectedMemberIds?: string[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (!m.subject || !m.body.trim())
    ctx.addIssue({ code: "custom", path: ["subject"], message: "Subject and body are required." });
  if (m.recipientGroup === "selected" && !m.selectedMemberIds?.length)
    ctx.addIssue({ code: "custom", path: ["selectedMemberIds"], message: "Select at least one member." });
}

export const sendEmailInput = z.object(mailDraftFields).superRefine(checkMailDraft);

/**
 * When a scheduled group e-mail leaves: a date and time on the club's clock, as a
 * `datetime-local` field gives it (2026-12-01T09:00, seconds allowed).
 */
export const mailSendAt = z
  .string("Choose the date and time to send it.")
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/,
    "Choose the date and time to send it, like 2026-12-01 09:00.",
  );

/** A group e-mail to send later (Admin Panel → Bulk e-mail, "Schedule"). */
export const scheduleEmailInput = z.object({ ...mailDraftFields, sendAt: mailSendAt }).superRefine(checkMailDraft);

/** A scheduled group e-mail changed before it leaves: all of it again, as the composer holds it. */
export const updateScheduledEmailInput = z
  .object({ id: z.uuid("This scheduled message was not found."), ...mailDraftFields, sendAt: mailSendAt })
  .superRefine(checkMailDraft);

/** "Send me a test": the draft to the admin alone. */
export const testEmailInput = z
  .object({ subject: mailDraftFields.subject, body: mailDraftFields.body })
  .superRefine((m, ctx) => {
    if (!m.subject || !m.body.trim())
      ctx.addIssue({ code: "custom", path: ["subject"], message: "Subject and body are required." });
  });

/** The composer's recipients, before the subject and body are written (the count shown before sending). */
export const recipientCountInput = z.object({
  recipientGroup: z.enum(recipientGroupValues, "Choose a recipient group."),
  selectedMemberIds: z.array(z.uuid()).max(5000).optional(),
});

export const userIdInput = z.object({ userId: z.uuid("Unknown member.") });
export const privilegeInput = userIdInput.extend({
  type: z.enum(memberTypes, "Choose Founding, Standard or Travel Host."),
});
export const testingTeamInput = userIdInput.extend({ testingTeam: z.boolean() });
