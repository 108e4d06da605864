import { z } from "zod";
import { deletedMemberContents, memberTypes } from "../enums";

export const memberRowSchema = z
  .object({
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    type: z.enum(memberTypes),
    admin: z.boolean(),
    testingTeam: z.boolean(),
  })
  .meta({ id: "MemberRow" });

/** users.create */
export const usersCreateAnswer = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  type: z.enum(memberTypes),
  admin: z.boolean(),
});

/** users.list: each row with when what it shows last changed (a sync's `updated_since` and `after`). */
export const usersListAnswer = z.array(memberRowSchema.extend({ updated_at: z.date() }).meta({ id: "MemberListRow" }));

/** users.deleted: the members who went, ids only, oldest first. */
export const usersDeletedAnswer = z.array(z.object({ user_id: z.string(), deleted_at: z.date() }));

/** users.page */
export const usersPageAnswer = z.object({
  members: z.array(
    memberRowSchema.extend({
      createdAt: z.date(),
      /** Null for a member never signed in. */
      lastSeenAt: z.date().nullable(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** users.update */
export const usersUpdateAnswer = memberRowSchema;

/** users.temporaryPassword */
export const usersTemporaryPasswordAnswer = z.object({ password: z.string() });

/** users.setPrivilege */
export const usersSetPrivilegeAnswer = memberRowSchema;

/** users.resetPasswordToTemp */
export const usersResetPasswordToTempAnswer = z.object({ message: z.string(), temporaryPassword: z.string() });

/** users.delete */
export const usersDeleteAnswer = z.object({
  email: z.string(),
  content: z.enum(deletedMemberContents),
  comments: z.number(),
  media: z.number(),
  eventsPassed: z.number(),
  eventsPassedTo: z.string().nullable(),
  seatsFreed: z.number(),
  promoted: z.number(),
  message: z.string(),
});

/** users.setTestingTeam */
export const usersSetTestingTeamAnswer = memberRowSchema;

/** adminPanel.counts: what waits for the admins (the Admin Panel's cards). */
export const adminPanelCountsAnswer = z.object({ pendingApplications: z.number(), openReports: z.number() });
