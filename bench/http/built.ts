// The built server (apps/server/dist/main.js) in a process of its own, run as `pnpm start` runs it:
// its Node flags and its allocator setting. The benchmarks that judge the server as it ships start
// it this way, not through tsx.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../server-flags";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface Built {
  child: ChildProcess;
  address: string;
}

/**
 * Starts it with `env` over the caller's environment, and resolves once it listens; its output past
 * the start goes to `outFile` if given (with `--trace-gc`, its collections).
 */
export async function startBuilt(env: NodeJS.ProcessEnv, nodeFlags: string[] = [], outFile?: string): Promise<Built> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeFlags, join(root, "apps/server/dist/main.js")], {
    env: { ...process.env, MALLOC_ARENA_MAX: "2", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const at = /listening on (http:\/\/[^)\s]+)/.exec(out)?.[1];
      if (at) resolve(at);
    });
    child.once("exit", (code) => reject(new Error(`the built server exited with ${code}: ${out}`)));
  });
  // Its output past the start is kept if asked for, else drained, so that a full pipe never holds it up.
  if (outFile) child.stdout!.pipe(createWriteStream(outFile));
  else child.stdout!.resume();
  return { child, address };
}

export const stopBuilt = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** A process's resident set as the kernel counts it (what `top` shows), in bytes, read from outside. */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}
