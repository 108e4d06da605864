import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The product as `pnpm start` runs it: the README's first command runs the build and then this
 * command, the root's `start` script after its last `&&` (the built server, which serves the built
 * web app beside it), on an empty data folder, so the first start makes the demo data. Only the
 * port differs: a free one, chosen by the system. The build is pnpm test's, made before this runs.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));

export function startCommand(): string {
  const manifest: { scripts: { start: string } } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const command = manifest.scripts.start.split("&&").at(-1)?.trim();
  if (!command?.includes("apps/server/dist/main.js")) throw new Error(`pnpm start runs no built server: ${command}`);
  return command;
}

export interface Shipped {
  url: string;
  /** Its DATA_DIR: the embedded database, media files and the socket the CLI asks. */
  dataDir: string;
  /** What the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** The address the start banner names: "(listening on http://127.0.0.1:PORT)". */
const LISTENING = /listening on (http:\/\/[\d.]+:\d+)/;

export async function startShipped(env: NodeJS.ProcessEnv = {}): Promise<Shipped> {
  const dataDir = mkdtempSync(join(tmpdir(), "club-shipped-"));
  // Its own process group, so that stopping it stops the shell `pnpm start` would run and Node alike.
  const child: ChildProcess = spawn("sh", ["-c", startCommand()], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  let output = "";
  const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(-child.pid, "SIGTERM");
      const killer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 30_000);
      await ended;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    // A first start on a busy 2-core machine: migrations, then the demo data with its video.
    const timer = setTimeout(
      () => reject(new Error(`The server did not listen within 3 minutes:\n${output}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = LISTENING.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The server stopped (${code ?? signal}) before it listened:\n${output}`));
    });
  }).catch(async (err) => {
    await stop();
    throw err;
  });
  return { url, dataDir, output: () => output, stop };
}
