import { findNul, nulMessage } from "@club/shared";
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError, type z } from "zod";
import { answerTransformer } from "./answer-transformer";
import type { ApiContext } from "./context";
import { requireAdminTools, requireMember, requireTokenScope } from "./domain/access";
import { isUnavailable, unavailable } from "./errors";
import { API_TOKEN_CALLS, type Throttle, Throttled } from "./throttle";

/** Who may call a procedure: anyone, a member, or an admin using the admin tools. */
export type ProcedureAccess = "public" | "member" | "admin";

export interface ProcedureMeta {
  /**
   * Who may call it, set by the builder it is made from (below) beside the check that enforces it:
   * the API's document says it, and the permission test holds it to what each role gets.
   */
  access?: ProcedureAccess;
  /** Reachable while the user must still replace a temporary password. */
  allowWhilePasswordChangeRequired?: boolean;
}

const t = initTRPC
  .context<ApiContext>()
  .meta<ProcedureMeta>()
  .create({
    // Dates and other non-JSON values cross the wire intact; every client reads with superjson.
    // Answers are written in superjson's format by one faster pass (answer-transformer.ts).
    transformer: answerTransformer,
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
          // When a refusal of a limit may be tried again (the Retry-After header's), for a client
          // whose calls share one answer and its header (a batch).
          ...(error.cause instanceof Throttled
            ? { retryAfterSeconds: Math.max(1, Math.ceil(error.cause.retryAfterMs / 1000)) }
            : {}),
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

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * What every procedure passes first, in one middleware (each middleware is a step of tRPC's chain
 * that copies the call's options and context: a sixth of what tRPC allocated per call went to the
 * three this was):
 * - a call made with an API token stays within its scope (the rule is the access module's);
 * - no NUL characters anywhere in the input, before its schema sees it (see findNul);
 * - failures that are not bugs get their own answers: a Throttled refusal anywhere in a procedure
 *   becomes 429 with its wait time; a database or store that is down becomes 503, not 500.
 */
const guard = t.middleware(async ({ ctx, path, type, getRawInput, next }) => {
  requireTokenScope(ctx, path, type);
  if (ctx.apiToken) await countTokenCall(ctx.throttle, ctx.apiToken.id);
  const nul = findNul(await getRawInput());
  if (nul) throw new TRPCError({ code: "BAD_REQUEST", message: nulMessage(nul) });
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof Throttled) {
    throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: cause.message, cause });
  }
  if (result.error.code === "INTERNAL_SERVER_ERROR" && isUnavailable(result.error)) throw unavailable(result.error);
  return result;
});

/** One call more of the token's allowance (API_TOKEN_CALLS), refused with 429 before any work. */
async function countTokenCall(throttle: Throttle, tokenId: string): Promise<void> {
  try {
    await throttle.take([API_TOKEN_CALLS, tokenId]);
  } catch (err) {
    if (err instanceof Throttled) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: err.message, cause: err });
    throw err;
  }
}

export const publicProcedure = t.procedure.meta({ access: "public" }).use(guard);

/** The members' area; the rule itself lives in the access module. */
export const memberProcedure = publicProcedure
  .meta({ access: "member" })
  .use(({ ctx, meta, next }) => next({ ctx: requireMember(ctx, meta) }));

/** The admin tools; an admin's sign-in must also meet the club's rule for admins (read at each call). */
export const adminProcedure = memberProcedure
  .meta({ access: "admin" })
  .use(async ({ ctx, next }) => next({ ctx: await requireAdminTools(ctx) }));

/** Who may call a procedure: what its builder declared (tRPC's public `meta` of a procedure). */
export function procedureAccess(procedure: { meta?: ProcedureMeta | undefined }): ProcedureAccess {
  return procedure.meta?.access ?? "public";
}

/**
 * An answer's schema as a procedure's output check (`.output(answer(schema))`), run by zod's
 * synchronous `parse`. Given a zod schema, tRPC calls its `parseAsync`, and zod takes its compiled
 * path for objects only in a synchronous parse: checking a list of 200 events took 0.83 ms async
 * against 0.07 ms. tRPC calls a function as it is. The schema goes with it for the API's document.
 */
export interface AnswerParser<T extends z.ZodType> {
  (value: unknown): z.output<T>;
  readonly schema: T;
}

export function answer<T extends z.ZodType>(schema: T): AnswerParser<T> {
  return Object.assign((value: unknown): z.output<T> => schema.parse(value), { schema });
}
