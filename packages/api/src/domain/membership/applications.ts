import { applicationProperties, applications, type Queryable } from "@club/db";
import { and, desc, eq, inArray, isNull } from "@club/db/orm";
import { applicationAcceptedMail, applicationReceivedMail, applicationRejectedMail, enqueueMail } from "@club/mail";
import { type applicationInput, LIST_MAX } from "@club/shared";
import type { z } from "zod";
import type { ApiContext } from "../../context";
import { badRequest, conflict, notFound } from "../../errors";
import { auditActor, recordAudit } from "../audit/record";
import { noticeApplication } from "../notifications/on-applications";
import { createRegistrationToken } from "../ways-in/one-time-tokens";
import { emitWebhook } from "../webhooks/emit";
import { consumeInvitationCode, guessInvitationCode } from "./invitation-codes";

// Applications for membership: a visitor with an invitation code applies, an admin decides.

type NewApplication = z.output<typeof applicationInput>;

/** POST /request: the code is checked again and used once; the applicant gets a receipt. Returns its id. */
export async function submitApplication(
  ctx: Pick<ApiContext, "db" | "throttle" | "ip" | "jobs">,
  input: NewApplication,
): Promise<string> {
  const code = await guessInvitationCode(ctx, input.invitationCode);
  if (!code.ok) throw badRequest(code.error);
  return ctx.db.transaction(async (tx) => {
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
    if (!row) throw new Error("The application was not stored.");
    if (input.membershipType === "Travel Host") {
      await tx.insert(applicationProperties).values({
        applicationId: row.id,
        address: input.propertyAddress,
        type: input.propertyType,
        description: input.propertyDescription,
        availability: input.propertyAvailability,
      });
    }
    await enqueueMail(tx, ctx.jobs, [{ to: input.email, ...applicationReceivedMail(input.full_name) }]);
    await noticeApplication(tx, row.id);
    await emitWebhook(tx, ctx.jobs, "application.submitted", {
      id: row.id,
      name: input.full_name,
      email: input.email,
      membershipType: input.membershipType,
    });
    return row.id;
  });
}

/** Newest first (up to LIST_MAX), each with its properties (two queries, not one per row). */
export async function listApplications(
  db: Queryable,
  page: { offset?: number | undefined; limit?: number | undefined } = {},
) {
  const rows = await db
    .select()
    .from(applications)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .offset(page.offset ?? 0)
    .limit(page.limit ?? LIST_MAX);
  const props = rows.length
    ? await db
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
}

/**
 * A decision is final: the UPDATE only matches a pending application, so two admins deciding at
 * once cannot both win. Accepting sends a registration link; rejecting a courteous notice; both in
 * the same transaction as the decision.
 */
export async function decideApplication(
  ctx: Pick<ApiContext, "db" | "jobs" | "config" | "user" | "ip">,
  decision: { id: string; accepted: boolean },
  adminId: string,
) {
  return ctx.db.transaction(async (tx) => {
    const [decided] = await tx
      .update(applications)
      .set({ accepted: decision.accepted, decidedAt: new Date(), decidedBy: adminId })
      .where(and(eq(applications.id, decision.id), isNull(applications.accepted)))
      .returning();
    if (!decided) {
      const [exists] = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.id, decision.id));
      throw exists ? conflict("This application has already been decided.") : notFound("Application not found.");
    }
    if (decision.accepted) {
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
    await recordAudit(tx, auditActor(ctx), {
      kind: decision.accepted ? "application.accepted" : "application.rejected",
      targetId: decided.id,
      targetEmail: decided.email,
      detail: { name: decided.fullName, membershipType: decided.membershipType },
    });
    await emitWebhook(tx, ctx.jobs, decision.accepted ? "application.accepted" : "application.rejected", {
      id: decided.id,
      name: decided.fullName,
      email: decided.email,
      membershipType: decided.membershipType,
      decidedBy: adminId,
    });
    return { id: decided.id, accepted: decided.accepted };
  });
}
