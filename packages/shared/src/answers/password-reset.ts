import { z } from "zod";

/** passwordReset.request */
export const passwordResetRequestAnswer = z.object({ message: z.string() });

/** passwordReset.reset */
export const passwordResetResetAnswer = z.object({ message: z.string() });
