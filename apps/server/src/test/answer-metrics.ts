import { expect } from "vitest";
import type { Harness } from "./harness";

/** A GET as a member (her cookie) or a visitor, with the ETag she kept when she has one. */
export const getFrom = (app: Harness, url: string, cookie?: string, etag?: string) =>
  app.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...(etag ? { "if-none-match": etag } : {}) } });

const metrics = (app: Harness, token: string) =>
  app.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${token}` } });

/** The app's count of requests served a kept answer (hit) or not (miss), from /metrics. */
export async function keptAnswerCounts(app: Harness, metricsToken: string): Promise<{ hit: number; miss: number }> {
  const res = await metrics(app, metricsToken);
  expect(res.statusCode).toBe(200);
  const count = (result: string) =>
    Number(new RegExp(`^club_answer_cache_requests_total\\{result="${result}"\\} (\\d+)$`, "m").exec(res.body)?.[1]);
  return { hit: count("hit"), miss: count("miss") };
}

/** The server's own word on whether it hears the database's changes (1) or not (0). */
export async function cacheListening(app: Harness, metricsToken: string): Promise<number> {
  const res = await metrics(app, metricsToken);
  return Number(/^club_answer_cache_listening (\d+)$/m.exec(res.body)?.[1]);
}
