// The baseline: a bare Fastify server on the same Node answering each benchmarked path with the
// very body (and content type) the club's server answered, from memory.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

type Answer = { contentType: string; body: string };
const answers = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Record<string, Answer>;
const app = Fastify({ logger: false });
app.get("*", (request, reply) => {
  const answer = answers[request.url];
  if (!answer) return reply.code(404).send();
  return reply.type(answer.contentType).send(answer.body);
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ address });
process.on("disconnect", () => void app.close().then(() => process.exit(0)));
