import type { Changes } from "@club/db";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A GET that changes data (the spec's invitation link): it waits for its changes like a write. */
    changesData?: boolean;
  }
}

/** How long a request that changed something waits for this server to be told its changes. */
const CATCH_UP_MS = 1000;

export interface CatchUpOptions {
  changes: Changes;
  /** Forgets everything kept (sessions, answers): called when the word of the changes did not come. */
  forget: () => void;
}

/**
 * A request that may have changed something (any but a read) answers only once this server has
 * been told what it committed: the next request here, the member's own or anyone's with her old
 * cookie, finds no stale session or answer kept, and a member who writes then reads sees her write.
 * Other servers are told as fast, but cannot be waited for; if the word does not come, everything
 * kept here is forgotten.
 */
export const catchUp = fp<CatchUpOptions>(async (app: FastifyInstance, { changes, forget }) => {
  app.addHook("onSend", async (request, reply) => {
    const read = request.method === "GET" || request.method === "HEAD";
    if (read && !request.routeOptions.config.changesData) return;
    // A refused or failed request committed nothing, and must not wait: an upload refused before
    // its body was read answers at once (and closes the connection), a 503 goes out without delay.
    if (reply.statusCode >= 400) return;
    if (!(await changes.caughtUp(CATCH_UP_MS))) forget();
  });
});
