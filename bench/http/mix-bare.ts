// The realistic-mix benchmark's baseline: a bare Fastify on the same Node answering every GET of the
// mix with the very bytes the club's server sent (brotli-compressed where the server compressed,
// with its content type and content encoding), from memory, and every write with a small fixed JSON.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

type Answer = { contentType: string; contentEncoding?: string; body: string };
const answers = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Record<string, Answer>;
const bodies = new Map(
  Object.entries(answers).map(([url, a]) => [url, { ...a, bytes: Buffer.from(a.body, "base64") }]),
);
const written = JSON.stringify([{ result: { data: { json: { ok: true } } } }]);

const app = Fastify({ logger: false });
app.get("*", (request, reply) => {
  const answer = bodies.get(request.url);
  if (!answer) return reply.code(404).send();
  reply.type(answer.contentType);
  if (answer.contentEncoding) reply.header("content-encoding", answer.contentEncoding);
  return reply.send(answer.bytes);
});
app.post("*", (_request, reply) => reply.type("application/json").send(written));
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ address });
process.on("disconnect", () => void app.close().then(() => process.exit(0)));
