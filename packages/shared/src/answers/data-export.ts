import { z } from "zod";

export const dataExportSchema = z
  .object({
    status: z.enum(["pending", "ready", "failed", "expired"]),
    downloadUrl: z.string().nullable(),
    id: z.string(),
    size: z.number().nullable(),
    createdAt: z.date(),
    readyAt: z.date().nullable(),
    expiresAt: z.date().nullable(),
  })
  .meta({ id: "DataExport" });

/** dataExport.request */
export const dataExportRequestAnswer = dataExportSchema;

/** dataExport.list */
export const dataExportListAnswer = z.array(dataExportSchema);
