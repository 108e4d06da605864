import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { requestLogFields } from "./log-redact";

describe("request log lines", () => {
  it("mask the credentials some URLs carry, and keep every other URL", async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: "info",
        serializers: { req: requestLogFields },
        stream: { write: (l: string) => lines.push(l) },
      },
    });
    app.get("/*", async () => "ok");
    for (const url of [
      "/calendar/abcdefsecret.ics",
      "/homes/calendar/homesecret42.ics",
      "/api/register/validate-token/regtoken123",
      "/api/events/invite/invtoken456",
      "/auth/oidc/callback?code=oidccode789&state=oidcstate",
      "/api/events/some-event",
    ]) {
      await app.inject({ url });
    }
    await app.close();
    const urls = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.req)
      .map((l) => l.req.url);
    expect(urls).toEqual([
      "/calendar/[redacted]",
      "/homes/calendar/[redacted]",
      "/api/register/validate-token/[redacted]",
      "/api/events/invite/[redacted]",
      "/auth/oidc/callback?[redacted]",
      "/api/events/some-event",
    ]);
    expect(lines.join("")).not.toMatch(/abcdefsecret|homesecret42|regtoken123|invtoken456|oidccode789|oidcstate/);
  });
});
