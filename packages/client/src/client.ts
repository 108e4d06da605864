import { createTRPCClient, httpBatchLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "./router";

export interface ClubClientOptions {
  /** The club's address, e.g. https://club.example.com. */
  url: string;
  /** A personal API token (Settings → API tokens). Without one, sign in with auth.login first. */
  token?: string;
  /** Abort a request after this many milliseconds. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A typed client for scripts: every procedure of the club's server, with its input and output
 * types. Calls are batched; dates arrive as Date objects (the server's transformer); a refused
 * call throws a ClubError carrying the server's code and message.
 */
export function createClubClient(options: ClubClientOptions) {
  const origin = new URL(options.url).origin;
  const baseFetch = options.fetch ?? fetch;
  let cookie: string | undefined;

  const authFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    else {
      // Cookie sessions must come from the club's own origin (the server's CSRF check).
      headers.set("origin", origin);
      if (cookie) headers.set("cookie", cookie);
    }
    const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : init?.signal;
    const res = await baseFetch(input, { ...init, headers, ...(signal ? { signal } : {}) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      if (pair?.startsWith("club_session=")) cookie = pair.endsWith("=") ? undefined : pair;
    }
    return res;
  };

  // Without a token, `client.auth.login.mutate({ email, password })` starts a cookie session
  // that the client then keeps.
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${origin}/trpc`, fetch: authFetch, transformer: superjson, maxItems: 20 })],
  });
}

export type ClubClient = ReturnType<typeof createClubClient>;
