import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { z } from "zod";

/**
 * The GitHub Actions example is not run here (there is no runner): it is checked to parse and to
 * have the shape its steps rely on, and against the Dockerfile whose image it runs.
 */
const here = import.meta.dirname;

function loadYaml(file: string): unknown {
  const doc = parseDocument(readFileSync(join(here, file), "utf8"), { uniqueKeys: true });
  expect(doc.errors.map((e) => e.message)).toEqual([]);
  return doc.toJS();
}

const step = z.union([
  z.object({ uses: z.string(), name: z.string().optional() }).strict(),
  z.object({ name: z.string(), run: z.string() }).strict(),
]);
const service = z.object({
  image: z.string(),
  env: z.record(z.string(), z.string()),
  ports: z.array(z.string()).optional(),
  options: z.string(),
});
const workflow = z.object({
  name: z.string(),
  on: z.record(z.string(), z.unknown()),
  jobs: z.object({
    seed: z.object({
      "runs-on": z.string(),
      "timeout-minutes": z.number(),
      env: z.object({ IMAGE: z.string(), SEED_FILE: z.string() }),
      services: z.object({ postgres: service, club: service }).strict(),
      steps: z.array(step),
    }),
  }),
});

describe("examples/github-actions/seed.yml", () => {
  const { jobs } = workflow.parse(loadYaml("seed.yml"));
  const { services, steps } = jobs.seed;
  const runs = steps.map((s) => ("run" in s ? s.run : ""));
  const firstRunning = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r));

  it("starts Postgres and the club's image as services, the server on Postgres", () => {
    expect(services.postgres.image).toMatch(/^postgres:\d+/);
    expect(services.postgres.options).toContain("--health-cmd");
    expect(services.club.image).toBe(jobs.seed.env.IMAGE);
    expect(services.club.env.DATABASE_URL).toMatch(/^postgres:\/\/club:club@postgres:5432\/club$/);
    expect(services.club.ports).toEqual(["3000:3000"]);
  });

  it("waits for the health check, makes a token, then seeds with the CLI through the API", () => {
    expect(steps[0]).toEqual({ uses: "actions/checkout@v4" });
    const ready = firstRunning(/localhost:3000\/readyz/);
    const token = firstRunning(/club token create --email ci@club.invalid --name ci --scope seed/);
    const seed = firstRunning(/club seed --file/);
    expect(ready).toBeGreaterThan(0);
    expect(token).toBeGreaterThan(ready);
    expect(seed).toBeGreaterThan(token);
    expect(runs[token]).toContain('echo "CLUB_TOKEN=$token" >> "$GITHUB_ENV"');
    expect(runs[token]).toContain("::add-mask::$token");
    expect(runs[seed]).toContain("-e CLUB_URL=http://club:3000 -e CLUB_TOKEN");
  });

  it("runs `club` in the image, which the Dockerfile puts on the PATH", () => {
    const dockerfile = readFileSync(join(here, "../../Dockerfile"), "utf8");
    expect(dockerfile).toContain(String.raw`exec node /app/cli/dist/club.js "$@"\n' > /usr/local/bin/club`);
  });

  it("comes with a seed file that parses", () => {
    const seed = z
      .object({ users: z.array(z.object({ email: z.string() })), events: z.array(z.object({ slug: z.string() })) })
      .parse(loadYaml("seed.yaml"));
    expect(seed.users.map((u) => u.email)).toEqual(["ada@example.com", "grace@example.com"]);
    expect(seed.events.map((e) => e.slug)).toEqual(["spring-salon"]);
  });
});
