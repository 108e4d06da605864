import { z } from "zod";

/** mail.preview */
export const mailPreviewAnswer = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  body: z.string(),
});
