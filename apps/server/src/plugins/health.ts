import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { json } from "../openapi/describe";

export async function healthPlugin(app: FastifyInstance, { ping }: { ping: () => Promise<void> }): Promise<void> {
  app.get(
    "/healthz",
    {
      config: {
        openapi: {
          summary: "Liveness",
          access: "public",
          answer: json('`{"status":"ok"}` while the process runs.', z.object({ status: z.literal("ok") })),
        },
      },
    },
    async () => ({ status: "ok" }),
  );
  app.get(
    "/readyz",
    {
      config: {
        openapi: {
          summary: "Readiness",
          access: "public",
          answer: json(
            '`{"status":"ready"}` when the database answers; 503 `{"status":"unavailable"}` when not.',
            z.object({ status: z.literal("ready") }),
          ),
        },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: "ready" };
      } catch (err) {
        request.log.warn({ err }, "readiness check failed");
        return reply.code(503).send({ status: "unavailable", error: "The database is not reachable." });
      }
    },
  );
}
