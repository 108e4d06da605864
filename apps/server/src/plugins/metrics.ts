import { mayReadMetrics } from "@club/api";
import type { Queryable } from "@club/db";
import { jobCounts } from "@club/jobs";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { AnswerCache } from "../answers/answer-cache";
import { noSuchEndpoint } from "../rest/problem";
import { bearerToken } from "./session";

interface MetricsOptions {
  token: string | undefined;
  db: Queryable;
  ping: () => Promise<void>;
  /** The kept answers' counts, when answers are kept (ANSWER_CACHE_SECONDS above 0). */
  answerCache?: Pick<AnswerCache, "requests" | "isListening"> | undefined;
}

/**
 * Prometheus metrics at /metrics, for the monitoring holding METRICS_TOKEN (a bearer token):
 * request durations by route and status, Node's own (event-loop lag, heap, GC, handles), the
 * database's answer time, the job queue's depth by kind and state, and how often a kept answer
 * was served. Without a token configured the route answers 404, like any unknown path.
 */
export const metricsPlugin = fp<MetricsOptions>(async (app: FastifyInstance, { token, db, ping, answerCache }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const statuses = new Counter({
    name: "http_responses_total",
    help: "Answers by status code",
    labelNames: ["status_code"],
    registers: [registry],
  });
  new Gauge({
    name: "club_db_ping_seconds",
    help: "Time the database took to answer `select 1` at this scrape; -1 when it did not answer",
    registers: [registry],
    async collect() {
      const started = performance.now();
      try {
        await ping();
        this.set((performance.now() - started) / 1000);
      } catch {
        this.set(-1);
      }
    },
  });
  new Gauge({
    name: "club_jobs",
    help: "Background jobs by kind and state (created and retry are waiting to run)",
    labelNames: ["kind", "state"],
    registers: [registry],
    async collect() {
      this.reset();
      // A scrape while the database is down still answers, with the other metrics.
      const counts = await jobCounts(db).catch(() => []);
      for (const c of counts) this.set({ kind: c.kind, state: c.state }, c.count);
    },
  });

  if (answerCache) {
    new Counter({
      name: "club_answer_cache_requests_total",
      help: "Requests for an answer that may be kept: served a kept one (hit) or made their own (miss)",
      labelNames: ["result"],
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ result: "hit" }, answerCache.requests.hit);
        this.inc({ result: "miss" }, answerCache.requests.miss);
      },
    });
    new Gauge({
      name: "club_answer_cache_listening",
      help: "1 while the server hears the database's changes (answers may be kept), 0 while that connection is down",
      registers: [registry],
      collect() {
        this.set(answerCache.isListening ? 1 : 0);
      },
    });
  }

  app.addHook("onResponse", async (request, reply) => {
    // The route's pattern (/api/events/:id), never the raw URL: ids would make a series each.
    const route = request.routeOptions.url ?? "unmatched";
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    durations.observe(labels, reply.elapsedTime / 1000);
    statuses.inc({ status_code: labels.status_code });
  });

  app.get(
    "/metrics",
    {
      config: {
        openapi: {
          summary: "Prometheus metrics",
          access: "metrics token",
          description:
            "For the monitoring holding METRICS_TOKEN (as a bearer token); 404 without it, or when none is set.",
          answer: { kind: "metrics", description: "Prometheus text format." },
        },
      },
    },
    async (request, reply) => {
      if (!mayReadMetrics(token, bearerToken(request))) {
        return noSuchEndpoint(request, reply);
      }
      reply.header("Cache-Control", "no-store").type(registry.contentType);
      return registry.metrics();
    },
  );
});
