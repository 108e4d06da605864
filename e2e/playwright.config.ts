import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { defineConfig, devices } from "@playwright/test";

/**
 * Ports the system says are free now, all held until every one is chosen (so none is given twice);
 * chosen once, in the main process, and handed to the workers through the environment.
 */
async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const probe = createServer();
          probe.once("error", reject);
          probe.listen(0, "127.0.0.1", () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((p) => (p.address() as { port: number }).port);
  await Promise.all(probes.map((p) => new Promise((resolve) => p.close(resolve))));
  return ports;
}

/**
 * The specs run on WORKERS workers at once, each against a server of its own (built, on a fresh
 * embedded database with the demo data, its mail in a folder of its own): a spec never meets
 * another's rows, and on one worker the suite waited on the browser and the server more than it
 * computed. E2E_WORKERS=1 runs them one after another.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
if (!process.env.E2E_PORTS) {
  const [oidc, ...servers] = await freePorts(WORKERS + 1);
  process.env.E2E_OIDC_PORT = String(oidc);
  process.env.E2E_PORTS = servers.join(",");
}
const PORTS = process.env.E2E_PORTS.split(",").map(Number);
/** This worker's server: Playwright numbers a run's workers 0 to WORKERS - 1 (0 in the main process). */
export const SERVER_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const urlOf = (port: number | undefined) => `http://localhost:${port}`;
export const BASE_URL = urlOf(PORTS[SERVER_INDEX]);
// The identity provider beside the servers (oidc-provider.mjs), on a port of its own.
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT);
export const OIDC_ISSUER = `http://localhost:${OIDC_PORT}`;
export const OIDC_LABEL = "Acme ID";
const OIDC_CLIENT = { OIDC_CLIENT_ID: "club-e2e", OIDC_CLIENT_SECRET: "club-e2e-secret-long-enough-for-hs256" };

/**
 * CHROMIUM_PATH, else Debian's headless shell, else Debian's chromium, else Playwright's own browser.
 * The headless shell is Chromium's engine without the browser's own windows and pages (what
 * Playwright itself runs headless): the public pages' spec took 17 s of CPU with it against 27 s
 * with the whole browser, which also starts a GPU process and renders its own interface.
 */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
}

export default defineConfig({
  testDir: "./specs",
  // Each file's tests in order, on one worker; the files spread over the workers.
  fullyParallel: false,
  workers: WORKERS,
  // No retries: a spec that fails once is a bug to fix, in CI too.
  retries: 0,
  // Each spec file's time goes to playwright.test-times.json too (scripts/test.mjs lists the slowest).
  reporter: [
    ["list"],
    ["json", { outputFile: "playwright.test-times.json" }],
    ...(process.env.CI ? [] : [["html", { open: "never", outputFolder: "playwright-report" }] as const]),
  ],
  outputDir: "test-results",
  // Budgets for a busy machine (the suite must pass with four busy loops beside it on two cores):
  // a spec that passes is not slowed by them; one that hangs still ends.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    // A trace records every action's page and a film of it, for every test, kept only when it
    // fails: a third of the specs' CPU (three specs: 177 CPU-seconds with it, 125 without). A
    // failure keeps a picture of the page; E2E_TRACE=1 records traces again, to replay one.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // Less motion, as a member may ask for: colours and panels change at once instead of over
    // frames that a software-rendering browser draws on the CPU (three specs: 139 CPU-seconds with
    // motion, 115 without). The gallery's and events' specs keep the motion on (test.use), so the
    // animated dialogs, lightbox and toasts stay proven as most members see them.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: "node oidc-provider.mjs",
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        OIDC_PORT: String(OIDC_PORT),
        OIDC_REDIRECT_URI: PORTS.map((port) => `${urlOf(port)}/auth/oidc/callback`).join(","),
        ...OIDC_CLIENT,
      },
    },
    // The built product on a fresh embedded database, seeded with the demo data at first start, one
    // a worker; its Login screen offers the provider above.
    ...PORTS.map((port, index) => ({
      command: "node start-server.mjs",
      url: `${urlOf(port)}/readyz`,
      reuseExistingServer: false,
      // First starts side by side on a busy 2-core machine: migrations, then the demo data.
      timeout: 120_000,
      stdout: index === 0 ? ("pipe" as const) : ("ignore" as const),
      env: {
        E2E_SERVER_INDEX: String(index),
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_ORIGIN: urlOf(port),
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        OIDC_ISSUER,
        OIDC_LABEL,
        ...OIDC_CLIENT,
      },
    })),
  ],
});
