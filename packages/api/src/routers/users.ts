import {
  LIST_MAX,
  memberTypes,
  moment,
  nameSchema,
  newUserInput,
  offsetPageFields,
  privilegeInput,
  testingTeamInput,
  userIdInput,
  usersCreateAnswer,
  usersDeleteAnswer,
  usersDeletedAnswer,
  usersListAnswer,
  usersPageAnswer,
  usersResetPasswordToTempAnswer,
  usersSetPrivilegeAnswer,
  usersSetTestingTeamAnswer,
  usersTemporaryPasswordAnswer,
  usersUpdateAnswer,
} from "@club/shared";
import { z } from "zod";
import {
  type MemberContext,
  OWN_ACCOUNT_IN_SETTINGS,
  requireSomeoneElse,
  requireTokenMayGrantRights,
} from "../domain/access";
import { deleteAccount } from "../domain/account/deletion";
import { EmailTakenError } from "../domain/account/users";
import { changedMembers, deletedMembers } from "../domain/admin/member-changes";
import { RETENTION_DAYS } from "../domain/admin/retention";
import {
  createMemberAsAdmin,
  listMembers,
  resetToTemporaryPassword,
  setMemberType,
  setTestingTeam,
  updateMember,
} from "../domain/admin/user-management";
import { MEMBER_PAGE_SIZE, memberPage } from "../domain/admin/user-management-page";
import { auditActor } from "../domain/audit/record";
import { conflict } from "../errors";
import { deletionsInput } from "../lib/changes-since";
import { adminProcedure, answer, router } from "../trpc";

/** The User Management table's filters and page; each filter is left out to show every member. */
const memberPageInput = z
  .object({
    search: z.string().trim().max(200, "Search for at most 200 characters.").optional(),
    type: z.enum(memberTypes, "Filter by Founding, Standard or Travel Host.").optional(),
    admin: z.boolean("Filter admins with true, the other members with false.").optional(),
    page: z
      .int("Pages are numbered 1, 2, 3…")
      .min(1, "Pages are numbered from 1.")
      .max(100_000, "There are not that many pages.")
      .optional(),
    pageSize: z
      .int("Give the page size as a whole number.")
      .min(10, "A page shows 10 to 100 members.")
      .max(100, "A page shows 10 to 100 members.")
      .optional(),
  })
  .optional();

/** The admin making a change, with what she makes it from: her session, or her API token. */
const actingAs = (ctx: MemberContext) => ({
  id: ctx.user.id,
  sessionId: ctx.session.id,
  tokenId: ctx.apiToken?.id,
  audit: auditActor(ctx),
});

export const usersRouter = router({
  /** Creates an account directly (scripts and seeding); applicants use the application flow. */
  create: adminProcedure
    .input(newUserInput)
    .output(answer(usersCreateAnswer))
    .mutation(async ({ ctx, input }) => {
      if (input.admin) requireTokenMayGrantRights(ctx, "create an administrator");
      try {
        return await createMemberAsAdmin(ctx, input, auditActor(ctx));
      } catch (err) {
        if (err instanceof EmailTakenError) throw conflict(err.message);
        throw err;
      }
    }),

  /**
   * GET /api/users (the whole list, as the spec's client expects); the User Management screen
   * asks for a page at a time, by name or e-mail. A sync asks with `updated_since` for what changed
   * since its last ask, and with `deleted` for who went.
   */
  list: adminProcedure
    .input(
      z
        .object({
          search: z.string().trim().max(200).optional(),
          ...offsetPageFields,
          updated_since: moment("updated_since").optional().meta({
            description:
              "Only the members whose row changed at or after this moment (ISO 8601, like 2027-01-31T18:00:00.000Z), oldest change first. For the next page: the last row's updated_at, with its user_id as after.",
          }),
          after: z
            .uuid("after is the user_id of the last member of the page before.")
            .optional()
            .meta({ description: "The user_id of the last member of the page before (with updated_since)." }),
        })
        .refine((page) => page.updated_since || !page.after, "after goes with updated_since.")
        .refine(
          (page) => !page.updated_since || page.offset === undefined,
          "A list of changes is paged with after (the last member's user_id), not offset.",
        )
        .optional(),
    )
    .output(answer(usersListAnswer))
    .query(({ ctx, input }) =>
      input?.updated_since
        ? changedMembers(ctx.db, { ...input, since: input.updated_since })
        : listMembers(ctx.db, input),
    ),

  /** GET /api/users/deleted: the members deleted since a moment (ids only), for a sync. */
  deleted: adminProcedure
    .input(
      deletionsInput({
        plural: "Members",
        one: "member",
        idKey: "user_id",
        keptDays: RETENTION_DAYS.deletedRows,
        max: LIST_MAX,
      }),
    )
    .output(answer(usersDeletedAnswer))
    .query(({ ctx, input }) => deletedMembers(ctx.db, input)),

  /**
   * User Management's table: a page of members by name, filtered by name or e-mail, type and admin
   * right, with when each joined and was last seen, and how many match in all.
   */
  page: adminProcedure
    .input(memberPageInput)
    .output(answer(usersPageAnswer))
    .query(({ ctx, input }) => memberPage(ctx.db, input ?? {}, input?.page ?? 1, input?.pageSize ?? MEMBER_PAGE_SIZE)),

  /**
   * A member's name, type and admin right, each optional (scripts and `club seed --update`). An
   * admin does not take her own admin right away: another admin does, so the club keeps one.
   */
  update: adminProcedure
    .input(
      userIdInput.extend({
        name: nameSchema.optional(),
        type: z.enum(memberTypes, "Choose Founding, Standard or Travel Host.").optional(),
        admin: z.boolean().optional(),
      }),
    )
    .output(answer(usersUpdateAnswer))
    .mutation(({ ctx, input }) => {
      if (input.type !== undefined || input.admin !== undefined) {
        requireTokenMayGrantRights(ctx, "change a member's type or administrator right");
      }
      if (input.admin === false) {
        requireSomeoneElse(ctx.user, input.userId, "Your own admin right is taken away by another admin.");
      }
      return updateMember(ctx, input, actingAs(ctx));
    }),

  /** The temporary password the reset button is labelled with (TEMP_PASSWORD). */
  temporaryPassword: adminProcedure
    .output(answer(usersTemporaryPasswordAnswer))
    .query(({ ctx }) => ({ password: ctx.config.tempPassword })),

  /** PUT /api/users/{user_id}/privilege: the member's sessions and API tokens end, so the new type applies at once. */
  setPrivilege: adminProcedure
    .input(privilegeInput)
    .output(answer(usersSetPrivilegeAnswer))
    .mutation(({ ctx, input }) => setMemberType(ctx, input, actingAs(ctx))),

  /**
   * PUT /api/users/{user_id}/reset-password-to-temp: the password becomes TEMP_PASSWORD (never a
   * value from the request), the member must choose a new one at the next sign-in, and her
   * sessions, API tokens and calendar feed end.
   */
  resetPasswordToTemp: adminProcedure
    .input(userIdInput)
    .output(answer(usersResetPasswordToTempAnswer))
    .mutation(async ({ ctx, input }) => {
      requireSomeoneElse(ctx.user, input.userId, "Your own password is changed in Settings, not reset here.");
      await resetToTemporaryPassword(ctx.db, input.userId, ctx.config.tempPassword, auditActor(ctx));
      return { message: `Password reset to ${ctx.config.tempPassword}`, temporaryPassword: ctx.config.tempPassword };
    }),

  /**
   * Deletes a member's account (User Management, `club user delete`): no password, the admin's
   * sign-in is what the admin procedures ask; her own is deleted in Settings, with her password.
   */
  delete: adminProcedure
    .input(userIdInput)
    .output(answer(usersDeleteAnswer))
    .mutation(async ({ ctx, input }) => {
      requireSomeoneElse(ctx.user, input.userId, OWN_ACCOUNT_IN_SETTINGS);
      const summary = await deleteAccount(ctx, input.userId, { kind: "admin", adminId: ctx.user.id }, auditActor(ctx));
      return { message: `The account of ${summary.email} has been deleted.`, ...summary };
    }),

  /** Membership of the Testing Team mailing group. */
  setTestingTeam: adminProcedure
    .input(testingTeamInput)
    .output(answer(usersSetTestingTeamAnswer))
    .mutation(({ ctx, input }) => setTestingTeam(ctx.db, input.userId, input.testingTeam)),
});
