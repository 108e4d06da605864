/**
 * The Node flags the club's server runs with, as `pnpm start`, the server package's `start` and the
 * image run it (a smaller young generation: see docs/decisions/README.md, "The embedded database's memory"),
 * so that the benchmarks measure the server as it is run. CLUB_NODE_FLAGS="" measures
 * Node's defaults instead.
 */
export const SERVER_NODE_FLAGS = (process.env.CLUB_NODE_FLAGS ?? "--max-semi-space-size=8").split(" ").filter(Boolean);
