import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { firstMessage } from "../trpc";

/**
 * The code and message a refused call answers with, as the error formatter words it (a bad input's
 * first complaint, not zod's whole list); fails the test when the call is not refused.
 */
export async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof TRPCError)
      return { code: err.code, message: err.cause instanceof ZodError ? firstMessage(err.cause) : err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}
