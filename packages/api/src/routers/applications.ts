import { applicationProperties, applications } from "@club/db";
import { and, desc, eq, inArray, isNull } from "@club/db/orm";
import { applicationAcceptedMail, applicationReceivedMail, applicationRejectedMail, enqueueMail } from "@club/mail";
import { applicationInput, applicationStatusInput, LIST_MAX, offsetPageFields } from "@club/shared";
import { z } from "zod";
import { checkInvitationCode, consumeInvitationCode, INVALID_CODE } from "../domain/invitation-codes";
import { createRegistrationToken } from "../domain/one-time-tokens";
import { badRequest, conflict, notFound } from "../errors";
import { CODE_GUESSES } from "../throttle";
import { adminProcedure, publicProcedure, router } from "../trpc";

export const applicationsRouter = router({
  /** POST /request: the code is checked again and used once; the applicant gets a receipt. */
  submit: publicProcedure.input(applicationInput).mutation(async ({ ctx, input }) => {
    const attempt = await ctx.throttle.take([CODE_GUESSES, ctx.ip]);
    const code = await checkInvitationCode(ctx.db, input.invitationCode);
    // Only a code that does not exist counts as a guess.
    if (code.ok || code.error !== INVALID_CODE) await attempt.succeeded();
    if (!code.ok) throw badRequest(code.error);
    const id = await ctx.db.transaction(async (tx) => {
      if (!(await consumeInvitationCode(tx, code.id))) throw badRequest("This invitation code has already been used.");
      const [row] = await tx
        .insert(applications)
        .values({
          invitationCodeId: code.id,
          fullName: input.full_name,
          email: input.email,
          phone: input.phone,
          reason: input.reason,
          interests: input.interests,
          availability: input.availability,
          referral: input.referral,
          comments: input.comments,
          membershipType: input.membershipType,
        })
        .returning({ id: applications.id });
      if (input.membershipType === "Travel Host") {
        await tx.insert(applicationProperties).values({
          applicationId: row!.id,
          address: input.propertyAddress,
          type: input.propertyType,
          description: input.propertyDescription,
          availability: input.propertyAvailability,
        });
      }
      await enqueueMail(tx, ctx.jobs, [{ to: input.email, ...applicationReceivedMail(input.full_name) }]);
      return row!.id;
    });
    return { message: "Application submitted successfully.", id };
  }),

  /** GET /api/applications: newest first (up to LIST_MAX), each with its properties (two queries, not one per row). */
  list: adminProcedure.input(z.object(offsetPageFields).optional()).query(async ({ ctx, input }) => {
    const rows = await ctx.db
      .select()
      .from(applications)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .offset(input?.offset ?? 0)
      .limit(input?.limit ?? LIST_MAX);
    const props = rows.length
      ? await ctx.db
          .select()
          .from(applicationProperties)
          .where(
            inArray(
              applicationProperties.applicationId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    return rows.map((a) => ({
      id: a.id,
      full_name: a.fullName,
      email: a.email,
      phone: a.phone,
      reason: a.reason,
      interests: a.interests,
      availability: a.availability,
      referral: a.referral,
      comments: a.comments,
      membership_type: a.membershipType,
      created_at: a.createdAt,
      accepted: a.accepted,
      properties: props
        .filter((p) => p.applicationId === a.id)
        .map((p) => ({ address: p.address, type: p.type, description: p.description, availability: p.availability })),
    }));
  }),

  /**
   * PATCH /api/applications/{id}/status. A decision is final: the UPDATE only matches a pending
   * application, so two admins deciding at once cannot both win. Accepting sends a registration
   * link; rejecting a courteous notice; both in the same transaction as the decision.
   */
  setStatus: adminProcedure.input(applicationStatusInput).mutation(async ({ ctx, input }) => {
    return ctx.db.transaction(async (tx) => {
      const [decided] = await tx
        .update(applications)
        .set({ accepted: input.accepted, decidedAt: new Date(), decidedBy: ctx.user.id })
        .where(and(eq(applications.id, input.id), isNull(applications.accepted)))
        .returning();
      if (!decided) {
        const [exists] = await tx
          .select({ id: applications.id })
          .from(applications)
          .where(eq(applications.id, input.id));
        throw exists ? conflict("This application has already been decided.") : notFound("Application not found.");
      }
      if (input.accepted) {
        const token = await createRegistrationToken(tx, {
          email: decided.email,
          applicationId: decided.id,
          memberType: decided.membershipType,
        });
        const url = `${ctx.config.appOrigin}/register/${token}`;
        await enqueueMail(tx, ctx.jobs, [{ to: decided.email, ...applicationAcceptedMail(decided.fullName, url) }]);
      } else {
        await enqueueMail(tx, ctx.jobs, [{ to: decided.email, ...applicationRejectedMail(decided.fullName) }]);
      }
      return { id: decided.id, accepted: decided.accepted };
    });
  }),
});
