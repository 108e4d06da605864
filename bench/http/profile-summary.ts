// Where a server's CPU time went: self time by package and by function, from a .cpuprofile
// written by `node --cpu-prof` (the http benchmark's --cpu-prof DIR).
//   pnpm --filter @club/bench exec tsx http/profile-summary.ts FILE.cpuprofile [top N]
import { readFileSync } from "node:fs";
import { owner } from "./code-owner";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
const profile = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const top = Number(process.argv[3] ?? 25);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfTime = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) {
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
/** Idle time: the server waiting (and, in the mix, idle through the bare server's rounds). */
const idle = [...selfTime].reduce(
  (sum, [id, t]) => (byId.get(id)?.callFrame.functionName === "(idle)" ? sum + t : sum),
  0,
);
const busy = total - idle;

const sum = (key: (n: Node) => string) => {
  const totals = new Map<string, number>();
  for (const [id, t] of selfTime) {
    const n = byId.get(id)!;
    if (n.callFrame.functionName === "(idle)") continue;
    totals.set(key(n), (totals.get(key(n)) ?? 0) + t);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, top);
};
// Shares of the time the server was busy: idle time depends on how long the load lasted, not on the server.
const pct = (t: number) => `${((100 * t) / busy).toFixed(1)}%`;
console.log(
  `${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / total).toFixed(0)}%); shares of the busy time:`,
);
console.log("\nself time by package:");
for (const [k, t] of sum((n) => owner(n.callFrame.url, n.callFrame.functionName)))
  console.log(`  ${pct(t).padStart(6)}  ${k}`);
console.log("\nself time by function:");
for (const [k, t] of sum(
  (n) =>
    `${n.callFrame.functionName || "(anonymous)"} ${owner(n.callFrame.url, n.callFrame.functionName)}:${n.callFrame.lineNumber + 1}`,
))
  console.log(`  ${pct(t).padStart(6)}  ${k}`);
