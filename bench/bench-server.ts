import { type AppConfig, configWith } from "@club/server";

/** The origin the benchmarks' servers answer as (requests that change things send it). */
export const BENCH_ORIGIN = "http://bench.local";

/** A server's configuration for a benchmark: quiet, on a free port, its files under `dataDir`. */
export function benchConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return configWith({
    appOrigin: BENCH_ORIGIN,
    tempPassword: "Temp-Pass-1",
    timeZone: "UTC",
    dataDir,
    mailFrom: "bench@club.local",
    maxUploadBytes: 1024 * 1024,
    shutdownGraceMs: 10_000,
    ...overrides,
  });
}

/** Signs in through POST /login of a listening server; the session cookie. */
export async function benchSignIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: { origin: BENCH_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.getSetCookie()[0]?.split(";")[0];
  if (!cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}
