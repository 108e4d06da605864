import type { FastifyInstance } from "fastify";

export async function healthPlugin(app: FastifyInstance, { ping }: { ping: () => Promise<void> }): Promise<void> {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      await ping();
      return { status: "ready" };
    } catch (err) {
      request.log.warn({ err }, "readiness check failed");
      return reply.code(503).send({ status: "unavailable", error: "The database is not reachable." });
    }
  });
}
