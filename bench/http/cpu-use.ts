// What a round of the realistic mix cost each process in CPU time, from the kernel's accounting
// (Linux's /proc): the club's server (every thread of its process: the main one and V8's
// collectors), Postgres (every process named `postgres` on this machine: the backends of the
// server's pool and Postgres's own workers) and this process, which is the load generator.
// Divided by the requests answered, it says what one request costs each of them; beside the
// machine's cores, what a throughput target leaves for each request, whoever spends it. The bare
// server's rounds are limited by the load generator, so they say nothing of this kind.
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { median } from "./child";

/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ, the same on every platform Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU seconds so far, in user and kernel mode, of every thread of a process (its own, not its children's). */
export function processSeconds(pid: number | string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (comm) ": state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Every Postgres process's CPU seconds, by pid (none when Postgres runs on another machine, or not on Linux). */
function postgresSeconds(): Map<string, number> {
  const seconds = new Map<string, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return seconds;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
    } catch {
      continue;
    }
    const s = processSeconds(pid);
    if (s !== undefined) seconds.set(pid, s);
  }
  return seconds;
}

interface Snapshot {
  at: number;
  server?: number;
  postgres: Map<string, number>;
  loadGenerator: number;
}

/** Milliseconds of CPU one request cost each, over a round; and the cores all three kept busy. */
export interface CpuPerRequest {
  server: number;
  /** Undefined on the embedded database, or when Postgres runs on another machine. */
  postgres?: number;
  loadGenerator: number;
  busyCores: number;
}

function snapshot(serverPid: number | undefined, withPostgres: boolean): Snapshot {
  const { user, system } = process.cpuUsage();
  return {
    at: performance.now(),
    server: serverPid === undefined ? undefined : processSeconds(serverPid),
    postgres: withPostgres ? postgresSeconds() : new Map(),
    loadGenerator: (user + system) / 1e6,
  };
}

/**
 * Measures what `round` costs in CPU: the server's process (`serverPid`), Postgres (unless the
 * server runs on the embedded database, inside its own process) and this process, per request
 * answered (`answered` of the round's result). Undefined where /proc cannot be read.
 */
export async function withCpuUse<T>(
  serverPid: number | undefined,
  withPostgres: boolean,
  round: () => Promise<T>,
  answered: (result: T) => number,
): Promise<{ result: T; cpu?: CpuPerRequest }> {
  const before = snapshot(serverPid, withPostgres);
  const result = await round();
  const after = snapshot(serverPid, withPostgres);
  const requests = answered(result);
  if (before.server === undefined || after.server === undefined || requests === 0) return { result };
  // A backend that ended during the round took its time with it; one that began counts from zero.
  let postgres = 0;
  for (const [pid, s] of after.postgres) postgres += s - (before.postgres.get(pid) ?? 0);
  const server = after.server - before.server;
  const loadGenerator = after.loadGenerator - before.loadGenerator;
  const seconds = (after.at - before.at) / 1000;
  const perRequest = (s: number) => (1000 * s) / requests;
  return {
    result,
    cpu: {
      server: perRequest(server),
      ...(after.postgres.size > 0 ? { postgres: perRequest(postgres) } : {}),
      loadGenerator: perRequest(loadGenerator),
      busyCores: (server + postgres + loadGenerator) / seconds,
    },
  };
}

/** Each part's median over rounds. */
export const medianCpu = (rounds: CpuPerRequest[]): CpuPerRequest => {
  const postgres = rounds.flatMap((c) => (c.postgres === undefined ? [] : [c.postgres]));
  return {
    server: median(rounds.map((c) => c.server)),
    ...(postgres.length ? { postgres: median(postgres) } : {}),
    loadGenerator: median(rounds.map((c) => c.loadGenerator)),
    busyCores: median(rounds.map((c) => c.busyCores)),
  };
};

export const cpuSaid = (c: CpuPerRequest) =>
  `CPU a request: server ${c.server.toFixed(2)} ms${c.postgres === undefined ? "" : `, Postgres ${c.postgres.toFixed(2)} ms`}, load generator ${c.loadGenerator.toFixed(2)} ms; ${c.busyCores.toFixed(2)} of ${cpus().length} cores busy`;

/**
 * What a target of `share` of the bare server's `bareRps` leaves: all of the machine's cores
 * spread over that many requests a second, and, after Postgres and the load generator as they
 * were, the server's part of it.
 */
export function budgetSaid(share: number, bareRps: number, c: CpuPerRequest): string {
  const target = share * bareRps;
  const all = (1000 * cpus().length) / target;
  const server = all - (c.postgres ?? 0) - c.loadGenerator;
  const others = c.postgres === undefined ? "the load generator" : "Postgres and the load generator";
  const left =
    server > 0
      ? `${server.toFixed(2)} ms for the server (${((100 * server) / c.server).toFixed(0)}% of what it spends)`
      : "nothing for the server";
  return `${(100 * share).toFixed(0)}% of bare is ${target.toFixed(0)} req/s: ${all.toFixed(2)} ms of CPU a request on ${cpus().length} cores, all told; after ${others} as they are, ${left}`;
}
