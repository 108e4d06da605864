import {
  applicationInput,
  applicationStatusInput,
  applicationsListAnswer,
  applicationsSetStatusAnswer,
  applicationsSubmitAnswer,
  offsetPageFields,
} from "@club/shared";
import { z } from "zod";
import { decideApplication, listApplications, submitApplication } from "../domain/membership/applications";
import { adminProcedure, answer, publicProcedure, router } from "../trpc";

export const applicationsRouter = router({
  /** POST /request: the code is checked again and used once; the applicant gets a receipt. */
  submit: publicProcedure
    .input(applicationInput)
    .output(answer(applicationsSubmitAnswer))
    .mutation(async ({ ctx, input }) => {
      const id = await submitApplication(ctx, input);
      return { message: "Application submitted successfully.", id };
    }),

  /** GET /api/applications: newest first (up to LIST_MAX), each with its properties. */
  list: adminProcedure
    .input(z.object(offsetPageFields).optional())
    .output(answer(applicationsListAnswer))
    .query(({ ctx, input }) => listApplications(ctx.db, input)),

  /**
   * PATCH /api/applications/{id}/status. A decision is final; accepting sends a registration link,
   * rejecting a courteous notice.
   */
  setStatus: adminProcedure
    .input(applicationStatusInput)
    .output(answer(applicationsSetStatusAnswer))
    .mutation(({ ctx, input }) => decideApplication(ctx, input, ctx.user.id)),
});
