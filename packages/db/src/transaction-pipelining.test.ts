import net from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A transaction's first statements go right behind its BEGIN, not once Postgres has answered it
 * (patches/postgres@3.4.9.patch). Under load every answer waits its turn in the server's event
 * loop: each write paid one more such wait, and held its connection (a quarter of the pool) that
 * much longer.
 */
const url = process.env.TEST_DATABASE_URL;

/** Between the driver and Postgres: every byte the driver sends, and Postgres's answers withheld while `holding`. */
function withholdingProxy(target: URL) {
  const sent: Buffer[] = [];
  const withheld: { socket: net.Socket; data: Buffer }[] = [];
  const sockets = new Set<net.Socket>();
  let holding = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on("data", (data) => {
      sent.push(data);
      upstream.write(data);
    });
    upstream.on("data", (data) => (holding ? withheld.push({ socket: client, data }) : client.write(data)));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => {});
    upstream.on("error", () => {});
  });
  return {
    server,
    /** What the driver has sent so far, as text (statement texts are readable in it). */
    sentText: () => Buffer.concat(sent).toString("latin1"),
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const { socket, data } of withheld.splice(0)) socket.write(data);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** Resolves true once `check` holds, false after `ms`. */
async function within(ms: number, check: () => boolean): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return check();
}

describe.skipIf(!url)("a transaction on Postgres", () => {
  let proxy: ReturnType<typeof withholdingProxy>;
  let proxied: URL;
  const direct = url ? postgres(url, { max: 1, onnotice: () => {} }) : undefined;

  beforeAll(async () => {
    const target = new URL(url!);
    proxy = withholdingProxy(target);
    await new Promise<void>((resolve) => proxy.server.listen(0, "127.0.0.1", resolve));
    proxied = new URL(url!);
    proxied.hostname = "127.0.0.1";
    proxied.port = String((proxy.server.address() as net.AddressInfo).port);
    await direct!`create table if not exists pipelining_probe (n int not null)`;
    await direct!`truncate pipelining_probe`;
  });
  afterAll(async () => {
    proxy.close();
    if (!direct) return;
    await direct`drop table if exists pipelining_probe`;
    await direct.end();
  });

  it("sends its first statement before Postgres has answered BEGIN", async () => {
    const sql = postgres(proxied.toString(), { max: 1, onnotice: () => {} });
    try {
      await sql`select 1`; // connected, its start-up answered
      proxy.hold();
      const done = sql.begin((tx) => tx`select 42 as pipelined_probe`);
      const sentBehindBegin = await within(2000, () => proxy.sentText().includes("pipelined_probe"));
      proxy.release();
      const [row] = await done;
      expect(sentBehindBegin).toBe(true);
      expect(row?.pipelined_probe).toBe(42);
    } finally {
      proxy.release();
      await sql.end({ timeout: 1 });
    }
  });

  it("keeps other queries off its connection, and rolls back on an error", async () => {
    const sql = postgres(url!, { max: 2, onnotice: () => {} });
    try {
      // Many transactions at once beside plain queries on a pool of two: each transaction's
      // statements share one transaction id, and no plain query runs inside one of them.
      const transactions = Array.from({ length: 20 }, (_, n) =>
        sql.begin(async (tx) => {
          const [a] =
            await tx`insert into pipelining_probe (n) values (${n}) returning pg_current_xact_id()::text as xid`;
          const [b] = await tx`select pg_current_xact_id()::text as xid`;
          return [a?.xid, b?.xid];
        }),
      );
      const plain = Array.from({ length: 40 }, () =>
        sql`select pg_current_xact_id_if_assigned()::text as xid`.then(([row]) => row?.xid ?? null),
      );
      const [inside, outside] = await Promise.all([Promise.all(transactions), Promise.all(plain)]);
      for (const [a, b] of inside) expect(a).toBe(b);
      expect(new Set(inside.map(([a]) => a)).size).toBe(20);
      expect(outside.every((xid) => xid === null)).toBe(true);

      // A statement that fails undoes what the transaction wrote before it.
      const failed = await sql
        .begin(async (tx) => {
          await tx`insert into pipelining_probe (n) values (-1)`;
          await tx`select 1 / 0`;
        })
        .then(
          () => "committed",
          (err: Error) => err.message,
        );
      expect(failed).toMatch(/division by zero/);
      const [count] = await sql`select count(*)::int as n from pipelining_probe where n = -1`;
      expect(count?.n).toBe(0);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
