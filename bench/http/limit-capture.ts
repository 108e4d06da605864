// What the club's server sends to its database for each of the limit's URLs, for each member: the
// app itself (built in this process from the same code, its caches off so that every statement is
// sent) is asked each URL as each member, and the statements of the last of three asks are kept
// (the first ones may do what is done once: a session's renewal). The limit's server (limit-serve.ts)
// sends them again. So the limit follows the app: a query the app adds, drops or changes is the
// limit's too.
import { createHash } from "node:crypto";
import { loadEnv } from "@club/api";
import { createClubClient } from "@club/client";
import { createDb } from "@club/db";
import { buildApp, configFromEnv } from "@club/server";
import type { MixFixture } from "./mix-seed";
import { page } from "./mix-urls";

export interface Statement {
  query: string;
  params: unknown[];
}

/** The limit's URLs by name, and what each member's asking each one sent (by session hash and path). */
export interface Capture {
  urls: { name: string; path: string }[];
  statements: Record<string, Statement[]>;
  /** Statements other than reads, by URL: what the app writes on every ask (none expected). */
  writes: string[];
}

/** The comments section's page (COMMENTS_PAGE in @club/shared). */
const COMMENTS_PAGE = 20;

/** The session's key in the limit: a hash of the cookie's value, as a session lookup makes. */
export const sessionKey = (cookie: string) =>
  createHash("sha256")
    .update(/=([^;]+)/.exec(cookie)?.[1] ?? "")
    .digest("hex");

export async function captureStatements(
  env: NodeJS.ProcessEnv,
  fixture: MixFixture,
  origin: string,
  acceptEncoding: string,
): Promise<Capture> {
  let recording: Statement[] | undefined;
  const handle = await createDb({
    databaseUrl: env.DATABASE_URL!,
    onQuery: (query, params) => recording?.push({ query, params: [...params] }),
  });
  const app = await buildApp(configFromEnv(loadEnv(env)), { db: handle, workers: false, logger: false });
  try {
    const ask = async (path: string, cookie: string) => {
      const res = await app.inject({
        method: "GET",
        url: path,
        headers: { cookie, "accept-encoding": acceptEncoding },
      });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    // The URLs as the SPA makes them: its client, its batches, its inputs.
    const paths: string[] = [];
    const me = fixture.members[5]!;
    const client = createClubClient({
      url: origin,
      fetch: async (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        // Its first call also asks the server's version (/api/version): not one of the SPA's.
        if (url.pathname.startsWith("/trpc/")) paths.push(url.pathname + url.search);
        const res = await app.inject({ method: "GET", url: url.pathname + url.search, headers: { cookie: me.cookie } });
        return new Response(res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> });
      },
    });
    const asked = async (name: string, call: () => Promise<unknown>) => {
      const before = paths.length;
      await call();
      if (paths.length !== before + 1)
        throw new Error(`${name} did not go as one request: ${paths.slice(before).join(" ")}`);
      return { name, path: paths.at(-1)! };
    };
    const event = fixture.busyEvents[0]!;
    const urls = [
      await asked("events page (24)", () => client.events.list.query(page({ upcoming: true, limit: 24 }))),
      await asked("gallery page (60)", () => client.media.list.query(page({ limit: 60 }))),
      await asked("event with its comments", () =>
        Promise.all([
          client.events.get.query({ id: event }),
          client.comments.page.query(page({ commentableId: event, limit: COMMENTS_PAGE })),
        ]),
      ),
      await asked("member home", () => client.home.get.query()),
      await asked("auth.status", () => client.auth.status.query()),
    ];

    const statements: Record<string, Statement[]> = {};
    const writes = new Set<string>();
    for (const member of fixture.members) {
      for (const { name, path } of urls) {
        await ask(path, member.cookie);
        await ask(path, member.cookie);
        recording = [];
        await ask(path, member.cookie);
        statements[`${sessionKey(member.cookie)} ${path}`] = recording;
        for (const s of recording)
          if (!/^\s*(select|with)\b/i.test(s.query)) writes.add(`${name}: ${s.query.slice(0, 80)}`);
        recording = undefined;
      }
    }
    return { urls, statements, writes: [...writes] };
  } finally {
    await app.close();
    await handle.close();
  }
}
