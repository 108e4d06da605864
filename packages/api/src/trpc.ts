import { findNul, nulMessage } from "@club/shared";
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { answerTransformer } from "./answer-transformer";
import type { ApiContext } from "./context";
import { requireAdminTools, requireMember, requireTokenScope } from "./domain/access";
import { isUnavailable, unavailable } from "./errors";
import { Throttled } from "./throttle";

export interface ProcedureMeta {
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

/**
 * Failures that are not bugs get their own answers: a Throttled refusal anywhere in a procedure
 * becomes 429 with its wait time; a database or store that is down becomes 503, not 500.
 */
const failures = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof Throttled) {
    throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: cause.message, cause });
  }
  if (result.error.code === "INTERNAL_SERVER_ERROR" && isUnavailable(result.error)) throw unavailable(result.error);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** Every input, before its schema sees it: no NUL characters anywhere (see findNul). */
const noNul = t.middleware(async ({ getRawInput, next }) => {
  const path = findNul(await getRawInput());
  if (path) throw new TRPCError({ code: "BAD_REQUEST", message: nulMessage(path) });
  return next();
});

/** A call made with an API token stays within its scope (the rule is the access module's). */
const tokenScope = t.middleware(({ ctx, path, type, next }) => {
  requireTokenScope(ctx, path, type);
  return next();
});

export const publicProcedure = t.procedure.use(failures).use(tokenScope).use(noNul);

/** The members' area; the rule itself lives in the access module. */
export const memberProcedure = publicProcedure.use(({ ctx, meta, next }) => next({ ctx: requireMember(ctx, meta) }));

/** The admin tools; an admin's sign-in must also meet the club's rule for admins (read at each call). */
export const adminProcedure = memberProcedure.use(async ({ ctx, next }) => next({ ctx: await requireAdminTools(ctx) }));

/** The last middleware a builder added: the role check of memberProcedure and adminProcedure. */
const roleCheckOf = (builder: { _def: { middlewares: readonly unknown[] } }) => builder._def.middlewares.at(-1);
const MEMBER_CHECK = roleCheckOf(memberProcedure);
const ADMIN_CHECK = roleCheckOf(adminProcedure);

/**
 * Who may call a procedure, read from the builder it was made from (the API's OpenAPI document
 * says it): a procedure's middlewares include the role checks of the builders it was made from.
 */
export function procedureAccess(procedure: { _def: { middlewares: readonly unknown[] } }): ProcedureAccess {
  const { middlewares } = procedure._def;
  if (middlewares.includes(ADMIN_CHECK)) return "admin";
  if (middlewares.includes(MEMBER_CHECK)) return "member";
  return "public";
}
export type ProcedureAccess = "public" | "member" | "admin";
