import { appRouter } from "@club/api";
import { getTRPCErrorShape, TRPCError, transformTRPCResponse } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { codeOfStatus, type Refusal } from "../rest/problem";

declare module "fastify" {
  interface FastifyContextConfig {
    /** tRPC's route: a refusal made before its procedures run is written as tRPC writes one. */
    trpc?: boolean;
  }
}

/**
 * A refusal of a tRPC request made outside its procedures (a retry's key that cannot be used, say),
 * in the shape tRPC's clients read: the club's error shape for each call of the request (an array
 * for a batch), with the status and Retry-After a procedure's refusal would have.
 */
export function sendTrpcRefusal(request: FastifyRequest, reply: FastifyReply, refusal: Refusal): FastifyReply {
  const config = appRouter._def._config;
  const error = new TRPCError({ code: refusal.code ?? codeOfStatus(refusal.status), message: refusal.text });
  const { path = "" } = request.params as { path?: string };
  const batch = (request.query as Record<string, unknown>).batch === "1";
  const answers = (batch ? path.split(",") : [path]).map((call) => ({
    error: getTRPCErrorShape({ config, ctx: undefined, error, input: undefined, path: call, type: "mutation" }),
  }));
  if (refusal.retryAfterSeconds) reply.header("retry-after", String(refusal.retryAfterSeconds));
  return reply
    .code(refusal.status)
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(transformTRPCResponse(config, batch ? answers : (answers[0] as (typeof answers)[number]))));
}
