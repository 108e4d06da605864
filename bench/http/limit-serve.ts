// The dynamic limit: the least a server can do to answer the club's URLs from its database. Fastify
// and postgres.js, nothing else: for each request it reads the session cookie and hashes it (as a
// session lookup does), sends the very statements the club's server sent for that member and that
// URL (captured from the app by limit.ts: same texts, same values, prepared), writes their rows
// with JSON.stringify in a tRPC batch's shape, and compresses as the app does (brotli at quality 4
// told the size, else gzip, above 1 KB). No tRPC, Drizzle, zod or answer transformer.
//   limit-serve.ts CAPTURE_FILE   (DATABASE_URL in the environment)
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { deserialize } from "node:v8";
import zlib, { constants } from "node:zlib";
import Fastify from "fastify";
import postgres from "postgres";
import type { Capture } from "./limit-capture";

const capture = deserialize(readFileSync(process.argv[2]!)) as Capture;
const statements = new Map(Object.entries(capture.statements));
// The app's pool size and session settings (packages/db's client: JIT off).
const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {}, connection: { jit: "off" } });

const COMPRESS_THRESHOLD = 1024;
const brotli = (body: string) =>
  zlib.brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });

const app = Fastify({ logger: false, routerOptions: { maxParamLength: 2000 } });
app.get("*", async (request, reply) => {
  const token = /(?:^|;\s*)[^=]+=([^;]+)/.exec(request.headers.cookie ?? "")?.[1] ?? "";
  const session = createHash("sha256").update(token).digest("hex");
  const sent = statements.get(`${session} ${request.url}`);
  if (!sent) return reply.code(404).send();
  const results = await Promise.all(
    sent.map(({ query, params }) => sql.unsafe(query, params as never[], { prepare: true })),
  );
  const body = JSON.stringify(results.map((rows) => ({ result: { data: { json: rows } } })));
  reply.type("application/json");
  const accepted = request.headers["accept-encoding"] ?? "";
  if (body.length < COMPRESS_THRESHOLD || !/\b(br|gzip)\b/.test(accepted)) return reply.send(body);
  const br = /\bbr\b/.test(accepted);
  reply.header("content-encoding", br ? "br" : "gzip").header("vary", "accept-encoding");
  return reply.send(br ? brotli(body) : zlib.gzipSync(body));
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ address });
process.on(
  "disconnect",
  () =>
    void app
      .close()
      .then(() => sql.end())
      .then(() => process.exit(0)),
);
