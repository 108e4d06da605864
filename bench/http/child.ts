// A benchmark's servers, each a TypeScript file in a Node process of its own (the club's server,
// the bare Fastify), and the median the benchmarks print.
import { type ChildProcess, fork } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));

/**
 * Starts a TypeScript file of this folder (or of the same folder in another checkout, `dir`) in its
 * own Node process and waits for its first IPC message.
 */
export function start<Ready>(
  file: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  execArgv: string[] = [],
  dir: string = here,
) {
  const child = fork(join(dir, file), argv, {
    // Another checkout's file runs from its own benchmarks' folder, as this one's from ours.
    ...(dir === here ? {} : { cwd: join(dir, "..") }),
    env: { ...process.env, ...env },
    execArgv: ["--import", "tsx", ...execArgv],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Ready));
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return { child, ready };
}

/** Ends a process `start` made: it closes its server when the IPC channel goes. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.disconnect();
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
