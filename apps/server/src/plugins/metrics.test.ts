import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, request, startApp } from "../test/harness";

const TOKEN = "metrics-token-for-tests-0123";
let h: Harness;
let off: Harness;

beforeAll(async () => {
  [h, off] = await Promise.all([startApp({ metricsToken: TOKEN }), startApp()]);
});
afterAll(() => Promise.all([h.close(), off.close()]));

const scrape = (app: Harness, token?: string) =>
  app.app.inject({ url: "/metrics", headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("/metrics", () => {
  it("answers only the monitoring that holds METRICS_TOKEN", async () => {
    expect((await scrape(h)).statusCode).toBe(404);
    expect((await scrape(h, `${TOKEN}x`)).statusCode).toBe(404);
    expect((await scrape(h, TOKEN.slice(0, -1))).statusCode).toBe(404);
    // No token configured: no metrics, whatever is presented.
    expect((await scrape(off, TOKEN)).statusCode).toBe(404);
    expect((await scrape(h, TOKEN)).statusCode).toBe(200);
  });

  it("counts requests by route pattern and status, with Node's, the database's and the queue's figures", async () => {
    await request(h, "GET", "/api/events/00000000-0000-4000-8000-000000000000");
    const status = await request(h, "GET", "/auth-status");
    // Each answer names its request, as every log line of it does.
    expect(status.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const res = await scrape(h, TOKEN);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.headers["cache-control"]).toBe("no-store");
    const text = res.body;
    // The pattern, not the id: one series per route.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/events\/:id",status_code="401"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/auth-status",status_code="200"\} 1/,
    );
    expect(text).toMatch(/http_responses_total\{status_code="200"\} \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/club_db_ping_seconds 0\.\d+/);
    expect(text).toMatch(/club_jobs\{kind="housekeeping",state="\w+"\} \d+/);
  });
});
