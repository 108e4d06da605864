import { chmod, rm } from "node:fs/promises";
import { appRouter, type ContextDeps, createApiContext, OPERATOR, requireOperatorProcedure } from "@club/api";
import { createHTTPServer } from "@trpc/server/adapters/standalone";
import type { FastifyBaseLogger } from "fastify";

const OPERATOR_SESSION = {
  id: "operator",
  userId: OPERATOR.id,
  expiresAt: new Date(8.64e15),
  method: "command line" as const,
};

/**
 * The embedded database belongs to one process, so while the server runs, `club mail list` (and
 * the other operator commands) ask the server instead: tRPC itself, over a Unix socket in DATA_DIR
 * that only the owner of the data can open (mode 600). It answers the operator procedures only,
 * as the operator; anything else is refused (the access module's rule).
 */
export async function listenOperatorSocket(path: string, deps: ContextDeps, log: FastifyBaseLogger) {
  // A socket file left by a server that stopped without cleaning up.
  await rm(path, { force: true });
  const server = createHTTPServer({
    router: appRouter,
    maxBodySize: 64 * 1024,
    createContext: ({ info }) => {
      for (const call of info.calls) requireOperatorProcedure(call.path);
      return createApiContext(deps, {
        user: OPERATOR,
        session: OPERATOR_SESSION,
        log,
        requestId: "operator",
        ip: "local",
      });
    },
    onError({ error, path: procedure }) {
      if (error.code === "INTERNAL_SERVER_ERROR")
        log.error({ err: error.cause ?? error, procedure }, "operator call failed");
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, resolve);
  });
  await chmod(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
