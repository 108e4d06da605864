import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Server processes for tests: `club` started as a deployment starts it, on a port of its own. */
export const serverDir = fileURLToPath(new URL("../..", import.meta.url));
/** The built server (`pnpm --filter @club/server build`; turbo builds it before this package's tests). */
export const builtServer = join(serverDir, "dist", "main.js");

/**
 * The image's command (the Dockerfile's last CMD, an exec-form array) with the built server in place
 * of its path in the image: `node`'s flags as the image gives them.
 */
function imageCommand(): string[] {
  const dockerfile = readFileSync(join(serverDir, "..", "..", "Dockerfile"), "utf8");
  const cmd = dockerfile
    .match(/^CMD (\[.*\])$/gm)
    ?.at(-1)
    ?.slice("CMD ".length);
  const [node, ...args] = cmd ? (JSON.parse(cmd) as string[]) : [];
  if (node !== "node" || args.at(-1) !== "/app/server/dist/main.js")
    throw new Error(`The Dockerfile's CMD is not node … /app/server/dist/main.js: ${cmd}`);
  return [...args.slice(0, -1), builtServer];
}

export type Instance = { name: string; url: string; process: ChildProcess; output: () => string };

export interface StartOptions {
  env: NodeJS.ProcessEnv;
  /** `source`: src/main.ts through tsx (the default); `built`: dist/main.js with plain node and the image's flags, as the image runs it. */
  from?: "source" | "built";
  /** Run as this user and group (the test runs as root). */
  uid?: number;
  gid?: number;
  /** How long it may take to listen (a cold start on a busy 2-core machine); then it is killed. */
  timeoutMs?: number;
}

/** Starts `club` on a free port (PORT=0 in `env`) and resolves once it listens. */
export function startInstance(name: string, options: StartOptions): Promise<Instance> {
  const built = options.from === "built";
  if (built && !existsSync(builtServer)) {
    throw new Error(`${builtServer} is missing: build the server first (pnpm --filter @club/server build)`);
  }
  const child = spawn(process.execPath, built ? imageCommand() : ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...options.env, INSTANCE: name },
    stdio: ["ignore", "pipe", "pipe"],
    // A group of its own, so that a start given up on is killed with what it started: a first
    // start's seeder (a process of its own) kept the database's lock after its server was killed,
    // and every later start in the file was refused.
    detached: true,
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup(child);
      reject(new Error(`instance ${name} did not listen within ${options.timeoutMs ?? 90_000} ms:\n${output}`));
    }, options.timeoutMs ?? 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ name, url: match[1], process: child, output: () => output });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`instance ${name} exited with ${code ?? signal}:\n${output}`));
    });
  });
}

/** Kills a process and every process it started (its group: `detached` made it the group's leader). */
function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  } catch {
    // The group is gone already: nothing is left to kill.
  }
}

/** Stops an instance as Docker does (SIGTERM), or kills it outright (SIGKILL), and waits for it to end. */
export function stopInstance(instance: Instance, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (instance.process.exitCode !== null || instance.process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    instance.process.once("exit", () => resolve());
    instance.process.kill(signal);
  });
}

/** The status of the instance's readiness check (200: it and its database answer). */
export async function readiness(instance: Instance): Promise<number> {
  return (await fetch(`${instance.url}/readyz`)).status;
}

export async function until<T>(what: string, check: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
