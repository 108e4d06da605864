import { z } from "zod";
import { memberTypes } from "../enums";

/** registration.validateToken */
export const registrationValidateTokenAnswer = z.object({
  email: z.string(),
  type: z.enum(memberTypes),
  name: z.string(),
});

/** registration.register */
export const registrationRegisterAnswer = z.object({ message: z.string() });
