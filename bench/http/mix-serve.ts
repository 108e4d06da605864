// The club's server for the realistic-mix benchmark, in a process of its own (like serve.ts):
// migrates, with --seed fills the database (mix-seed.ts) and makes the bench members' sessions,
// listens on a free port and tells the parent (IPC) where, with what it seeded.
//   mix-serve.ts [--seed small|large]
import { parseArgs } from "node:util";
import { loadEnv } from "@club/api";
import { buildApp, configFromEnv } from "@club/server";
import { type MixFixture, type Scale, seedMix } from "./mix-seed";

const { values: args } = parseArgs({ options: { seed: { type: "string" } } });
const app = await buildApp(configFromEnv(loadEnv()), { workers: false });
let fixture: MixFixture | undefined;
if (args.seed) {
  fixture = await seedMix(app.dbHandle.db, args.seed as Scale, (line) => console.error(`  seed: ${line}`));
}
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ address, fixture });
process.on("disconnect", () => void app.close().then(() => process.exit(0)));
