import { formatMoney, ledgerListAnswer, ledgerRecordAnswer, ledgerRecordInput } from "@club/shared";
import { auditActor } from "../domain/audit/record";
import { ledger, recordPayment } from "../domain/travel/ledger";
import { adminProcedure, answer, router } from "../trpc";

/** Travel's ledger (Admin Panel → Travel ledger): stays' contributions, recorded by admins. */
export const ledgerRouter = router({
  /** GET /api/admin/ledger: every accepted stay and every stay with a line, newest arrival first. */
  list: adminProcedure.output(answer(ledgerListAnswer)).query(({ ctx }) => ledger(ctx.db)),

  /** POST /api/admin/ledger/{stayId}/received: records what is owed as received, and how. */
  record: adminProcedure
    .input(ledgerRecordInput)
    .output(answer(ledgerRecordAnswer))
    .mutation(async ({ ctx, input }) => {
      const by = { id: ctx.user.id, name: ctx.user.name, audit: auditActor(ctx) };
      const { amount } = await recordPayment(ctx.db, by, input.stayId, input);
      return { ok: true as const, message: `${formatMoney(amount)} is recorded as received.` };
    }),
});
