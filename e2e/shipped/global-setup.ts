import type { TestProject } from "vitest/node";
import { APP_ORIGIN } from "./club";
import { startShipped } from "./start";

declare module "vitest" {
  export interface ProvidedContext {
    /** The address of the server every file of this suite calls. */
    clubUrl: string;
    /** That server's DATA_DIR, where `pnpm club` finds the running server's socket. */
    clubDataDir: string;
  }
}

/** One server for the suite, started as `pnpm start` starts it, stopped at the end. */
export default async function setup(project: TestProject) {
  const server = await startShipped({
    APP_ORIGIN,
    // The packed client's script receives the club's webhooks on this machine.
    WEBHOOK_ALLOW_PRIVATE: "true",
  });
  project.provide("clubUrl", server.url);
  project.provide("clubDataDir", server.dataDir);
  return () => server.stop();
}
