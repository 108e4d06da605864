import { createCaller } from "@club/api";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type ContextDeps, createContext } from "../plugins/trpc";

/** REST shims call the same procedures as tRPC clients: logic lives in one place. */
export async function callerFor(deps: ContextDeps, request: FastifyRequest, reply: FastifyReply) {
  return createCaller(await createContext(deps, request, reply));
}

/** A request body handed to a procedure as is: the procedure's zod input validates it. */
export function untrusted(body: unknown): never {
  return body as never;
}
