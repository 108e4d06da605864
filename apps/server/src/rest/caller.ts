import { createCaller, type KeptProcedure } from "@club/api";
import type { FastifyReply, FastifyRequest } from "fastify";
import { fieldsOf } from "../openapi/describe";
import { type ContextDeps, createContext } from "../plugins/trpc";

/**
 * A GET route's answer may be kept a few seconds and served again (see keepAnswers): it answers
 * with one of KEPT_ANSWERS' procedures, whose tables say when to forget it.
 */
export const keptAnswerOf = (procedure: KeptProcedure) => ({ keepAnswer: procedure });
/** A GET that changes data: it answers once this server was told its changes (see catchUp). */
export const CHANGES_DATA = { changesData: true } as const;

/** REST shims call the same procedures as tRPC clients: logic lives in one place. */
export async function callerFor(deps: ContextDeps, request: FastifyRequest, reply: FastifyReply) {
  return createCaller(await createContext(deps, request, reply));
}

/**
 * A request's values under the names of a procedure's input. The values are unchecked (the
 * procedure's zod schema checks them), but the names are: renaming an input field breaks the
 * build at every shim that still sends the old name.
 */
export type Fields<I> = { [K in keyof Given<I>]?: unknown };
/** A procedure whose input may be left out is typed `X | void | undefined`; its names are X's. */
// biome-ignore lint/suspicious/noConfusingVoidType: tRPC types an optional input as `X | void`
type Given<I> = Exclude<I, undefined | null | void>;

/** Names a request may carry that the procedure's input does not have: none. */
type NoOtherNames<F, I> = { [K in Exclude<keyof F, keyof Given<I>>]: never };

/** Calls a procedure with values taken from a request. */
export function call<I, O, F extends Fields<I>>(
  procedure: (input: I) => Promise<O>,
  fields: F & NoOtherNames<F, I>,
): Promise<O> {
  // The one unchecked step: the procedure's zod input parses these values before anything uses them.
  return procedure(fields as unknown as I);
}

/** The named fields of a JSON body; anything else in it is ignored. */
export function pick<const K extends string>(body: unknown, keys: readonly K[]): { [P in K]?: unknown } {
  const out: { [P in K]?: unknown } = {};
  if (typeof body !== "object" || body === null) return out;
  const source = new Map<string, unknown>(Object.entries(body));
  for (const key of keys) if (source.has(key)) out[key] = source.get(key);
  return out;
}

/**
 * The fields of a procedure's input that a REST URL takes, named once for both their uses: `schema`
 * describes them in the API's document, `from` takes them from a request's body or query. A list
 * written twice could drift: the document would then promise a field the shim drops, or hide one it
 * sends. `from` types its result as `pick` does, so `call` still checks each name against the input.
 */
export function restFields<const K extends string>(procedure: string, keys: readonly K[]) {
  return { schema: fieldsOf(procedure, keys), from: (source: unknown) => pick(source, keys) };
}

/** Where the next page of a bounded list starts (RFC 8288), relative to the server. */
export function linkNext(reply: FastifyReply, path: string, query: Record<string, string | undefined>) {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
  reply.header("Link", `<${path}?${params}>; rel="next"`);
}

/**
 * A sync's page of changes or of what went, as answered: a full page (`max`) links to the next,
 * which starts after its last row (`next`: that row's time and id as the query names them).
 */
export function linkNextChanges<T>(
  reply: FastifyReply,
  path: string,
  rows: T[],
  max: number,
  next: (last: T) => Record<string, string>,
): T[] {
  const last = rows.at(-1);
  if (last && rows.length === max) linkNext(reply, path, next(last));
  return rows;
}

/** `?offset=` of a bounded list: a whole number, else the start. */
export function offsetOf(query: unknown): number {
  const value = Number(typeof query === "object" && query !== null && "offset" in query ? (query.offset ?? 0) : 0);
  return Number.isSafeInteger(value) && value > 0 ? Math.min(value, 1_000_000) : 0;
}
