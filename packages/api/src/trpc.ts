import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import type { ApiContext } from "./context";
import { Throttled } from "./throttle";

export interface ProcedureMeta {
  /** Reachable while the user must still replace a temporary password. */
  allowWhilePasswordChangeRequired?: boolean;
}

const t = initTRPC
  .context<ApiContext>()
  .meta<ProcedureMeta>()
  .create({
    // Dates and other non-JSON values cross the wire intact; every client uses the same one.
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const zod = error.cause instanceof ZodError ? error.cause : undefined;
      // Internal errors keep their message and stack in the log, never in the answer.
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      const fieldErrors = zod ? fieldErrorsOf(zod) : undefined;
      return {
        message: internal
          ? "Something went wrong on our side. Please try again."
          : zod
            ? firstMessage(zod)
            : shape.message,
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          ...(fieldErrors ? { fieldErrors } : {}),
        },
      };
    },
  });

export function fieldErrorsOf(err: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const key = issue.path.join(".") || "_";
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

export function firstMessage(err: ZodError): string {
  return err.issues[0]?.message ?? "Invalid input.";
}

/** A Throttled failure anywhere in a procedure becomes 429 with its wait time. */
const throttled = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof Throttled) {
    throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: result.error.cause.message, cause: result.error.cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(throttled);

export const memberProcedure = publicProcedure.use(({ ctx, meta, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Please log in to continue." });
  }
  if (ctx.user.mustChangePassword && !meta?.allowWhilePasswordChangeRequired) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Please choose a new password in Settings before continuing." });
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const adminProcedure = memberProcedure.use(({ ctx, next }) => {
  if (!ctx.user.admin) {
    throw new TRPCError({
      code: "FORBIDDEN",
      message: "You do not have the necessary permission to view this content",
    });
  }
  return next({ ctx });
});
