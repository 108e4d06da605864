import { chmod, rm } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import { createCaller, noCookies, OPERATOR, OPERATOR_PROCEDURES } from "@club/api";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyBaseLogger } from "fastify";
import superjson from "superjson";
import type { ContextDeps } from "./plugins/trpc";

async function bodyOf(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 64 * 1024) throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: "Too large." });
  }
  return text;
}

/**
 * The embedded database belongs to one process, so while the server runs, `club mail list` (and
 * the other operator commands) ask the server instead, through a Unix socket in DATA_DIR that only
 * the owner of the data can open (mode 600). It answers the operator procedures only, as the
 * operator; anything else is refused.
 */
export async function listenOperatorSocket(path: string, deps: ContextDeps, log: FastifyBaseLogger) {
  // A socket file left by a server that stopped without cleaning up.
  await rm(path, { force: true });
  const server = createServer(async (req, res) => {
    const reply = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(superjson.stringify(value));
    };
    try {
      if (req.method !== "POST" || req.url !== "/call") return reply(404, { message: "Not found." });
      const { path: procedure, input } = superjson.parse<{ path: string; input: unknown }>(await bodyOf(req));
      if (!OPERATOR_PROCEDURES.has(procedure)) {
        return reply(403, { message: `${procedure} cannot be called from the command line while the server runs.` });
      }
      let target: unknown = createCaller({
        ...deps,
        session: { id: "operator", userId: OPERATOR.id, expiresAt: new Date(8.64e15) },
        user: OPERATOR,
        cookies: noCookies,
        log,
        requestId: "operator",
        ip: "local",
      });
      for (const key of procedure.split(".")) target = (target as Record<string, unknown>)[key];
      return reply(200, await (target as (input: unknown) => Promise<unknown>)(input));
    } catch (err) {
      if (err instanceof TRPCError && err.code !== "INTERNAL_SERVER_ERROR") {
        return reply(getHTTPStatusCodeFromError(err), { message: err.message });
      }
      log.error({ err }, "operator call failed");
      return reply(500, { message: "The server could not answer; see its log." });
    }
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
