import { dataExportListAnswer, dataExportRequestAnswer } from "@club/shared";
import { listDataExports, requestDataExport } from "../domain/data-export";
import { answer, memberProcedure, router } from "../trpc";

/**
 * "Download my data" (Settings → Your data): her own copies only (the access module's
 * `ownDataExports`); no API token asks for or lists them (`requireTokenScope`). The zip itself is
 * fetched from GET /api/me/data-export/:id.
 */
export const dataExportRouter = router({
  /** Asks for a copy: prepared by a job, then mailed to her. One at a time, a few a day. */
  request: memberProcedure.output(answer(dataExportRequestAnswer)).mutation(({ ctx }) => requestDataExport(ctx)),
  /** Her recent copies, newest first, with their state and download link while it works. */
  list: memberProcedure.output(answer(dataExportListAnswer)).query(({ ctx }) => listDataExports(ctx)),
});
