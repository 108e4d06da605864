// The realistic mix's measuring: one round of traffic against a server (autocannon, with each
// batch's latencies and failures kept apart), the median of rounds, and the slowest batches.
import autocannon from "autocannon";
import { median } from "./child";
import type { Req } from "./mix-traffic";

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  /** Requests answered over the round. */
  answered: number;
  /** No answer (socket errors, timeouts), a non-2xx one, or a batch some of whose calls failed (207). */
  failed: number;
  /** Of those: timeouts, other socket errors, non-2xx, 207. */
  kinds?: string;
}

/** Per batch of procedures: latencies (ms) and failures by status, over every round of a server. */
export type PerName = Map<string, { latencies: number[]; failures: Map<number, number> }>;

/** One round of traffic against a server: `next` makes each request; per batch into `perName` if given. */
export async function load(
  address: string,
  next: () => Req,
  { connections, seconds }: { connections: number; seconds: number },
  perName?: PerName,
): Promise<Measure> {
  let partial = 0;
  type Ctx = { req?: Req; t0?: number };
  const result = await autocannon({
    url: address,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req, context) => {
          const r = next();
          const ctx = context as Ctx;
          ctx.req = r;
          ctx.t0 = performance.now();
          return { ...req, method: r.method, path: r.path, headers: r.headers, ...(r.body ? { body: r.body } : {}) };
        },
        onResponse: (status, _body, context) => {
          const ctx = context as Ctx;
          if (status === 207) partial += 1;
          if (!perName || !ctx.req || ctx.t0 === undefined) return;
          const entry = perName.get(ctx.req.name) ?? { latencies: [], failures: new Map<number, number>() };
          perName.set(ctx.req.name, entry);
          entry.latencies.push(performance.now() - ctx.t0);
          if (status === 207 || status >= 300) entry.failures.set(status, (entry.failures.get(status) ?? 0) + 1);
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answered: result.requests.total,
    failed: result.errors + result.non2xx + partial,
    kinds: `${result.timeouts} timeouts, ${result.errors - result.timeouts} errors, ${result.non2xx} non-2xx, ${partial} 207`,
  };
}

/** The median round's figures, and every round's failures. */
export const summary = (measures: Measure[]): Measure => ({
  rps: median(measures.map((m) => m.rps)),
  p50: median(measures.map((m) => m.p50)),
  p99: median(measures.map((m) => m.p99)),
  answered: measures.reduce((sum, m) => sum + m.answered, 0),
  failed: measures.reduce((sum, m) => sum + m.failed, 0),
});
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The slowest batches of a server (by median) over every round, and any that failed. */
export function printSlowest(server: string, perName: PerName): void {
  const ranked = [...perName]
    .map(([name, e]) => {
      const sorted = [...e.latencies].sort((x, y) => x - y);
      const time = sorted.reduce((t, l) => t + l, 0);
      return {
        name,
        n: sorted.length,
        time,
        p50: quantile(sorted, 0.5),
        p99: quantile(sorted, 0.99),
        failures: e.failures,
      };
    })
    .sort((x, y) => y.p50 - x.p50);
  const allTime = ranked.reduce((t, r) => t + r.time, 0);
  console.log(`\n  slowest batches (${server}, every round; latency from request built to answer read):`);
  console.log("  | batch | requests | p50 | p99 | share of time waited | failed |");
  console.log("  |---|---|---|---|---|---|");
  for (const r of ranked.slice(0, 12))
    console.log(
      `  | ${r.name} | ${r.n} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${((100 * r.time) / allTime).toFixed(1)}% | ${[...r.failures].map(([s, c]) => `${c}×${s}`).join(" ") || 0} |`,
    );
  const failing = ranked.filter((r) => r.failures.size > 0 && !ranked.slice(0, 12).includes(r));
  for (const r of failing)
    console.log(`  failed: ${r.name}: ${[...r.failures].map(([s, c]) => `${c}×${s}`).join(" ")}`);
}
