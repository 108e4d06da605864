import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { defineConfig, devices } from "@playwright/test";

/** A port the system says is free now; chosen once and handed to the workers through the environment. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
process.env.E2E_PORT ??= String(await freePort());
const PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://localhost:${PORT}`;
// The identity provider beside the server (oidc-provider.mjs), on a port of its own.
process.env.E2E_OIDC_PORT ??= String(await freePort());
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT);
export const OIDC_ISSUER = `http://localhost:${OIDC_PORT}`;
export const OIDC_LABEL = "Acme ID";
const OIDC_CLIENT = { OIDC_CLIENT_ID: "club-e2e", OIDC_CLIENT_SECRET: "club-e2e-secret-long-enough-for-hs256" };

/** CHROMIUM_PATH, else Debian's chromium, else Playwright's own browser. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

export default defineConfig({
  testDir: "./specs",
  fullyParallel: false,
  workers: 1,
  // No retries: a spec that fails once is a bug to fix, in CI too.
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  outputDir: "test-results",
  // Budgets for a busy machine (the suite must pass with four busy loops beside it on two cores):
  // a spec that passes is not slowed by them; one that hangs still ends.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
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
      env: { OIDC_PORT: String(OIDC_PORT), OIDC_REDIRECT_URI: `${BASE_URL}/auth/oidc/callback`, ...OIDC_CLIENT },
    },
    {
      // The built product on a fresh embedded database, seeded with the demo data at first start;
      // its Login screen offers the provider above.
      command: "node start-server.mjs",
      url: `${BASE_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        APP_ORIGIN: BASE_URL,
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        OIDC_ISSUER,
        OIDC_LABEL,
        ...OIDC_CLIENT,
      },
    },
  ],
});
