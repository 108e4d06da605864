import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, retryLink, splitLink } from "@trpc/client";
import { EventSource } from "eventsource";
import superjson from "superjson";
import { restRefusal, type ServerVersion, unreachable, versionMismatch } from "./errors";
import type { AppRouter } from "./router";
import { API_VERSION, CLIENT_VERSION } from "./version";

/**
 * The call's context key that names a mutation's Idempotency-Key: a retry with the same key (a
 * script whose answer was lost) gets the first answer again instead of doing it twice, e.g.
 * `client.webhooks.add.mutate(input, { context: { idempotencyKey: "crm-hook-1" } })`.
 */
export const IDEMPOTENCY_KEY_CONTEXT = "idempotencyKey";

/** How long a call waits for the server's answer when `timeoutMs` is not given. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ClubClientOptions {
  /** The club's address, e.g. https://club.example.com. */
  url: string;
  /** A personal API token (Settings → API tokens). Without one, sign in with auth.login first. */
  token?: string;
  /** Give up on a request after this many milliseconds (default 30,000; 0 waits for ever). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A typed client for scripts: every procedure of the club's server, with its input and output
 * types. Calls are batched; dates arrive as Date objects (the server's transformer); a refused
 * call throws a ClubError carrying the server's code and message.
 */
export function createClubClient(options: ClubClientOptions) {
  const origin = originOf(options.url);
  const baseFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let cookie: string | undefined;

  /**
   * One request with the timeout beside the caller's own signal; no answer names the address and
   * why. A live stream's timeout ends once the server answers: the stream then stays open.
   */
  const send = async (input: Parameters<typeof fetch>[0], init: RequestInit | undefined, stream = false) => {
    const answered = stream && timeoutMs > 0 ? untilAnswered(timeoutMs) : undefined;
    const timeout = answered?.signal ?? (timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined);
    const signals = [init?.signal, timeout].filter((s): s is AbortSignal => Boolean(s));
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    try {
      return await baseFetch(input, { ...init, ...(signal ? { signal } : {}) });
    } catch (err) {
      // The caller's own abort stays hers; anything else says which address failed, and why.
      if (init?.signal?.aborted) throw err;
      throw unreachable(origin, timeout?.aborted ? new Error(`no answer within ${timeoutMs / 1000} s`) : err);
    } finally {
      answered?.stop();
    }
  };

  // Before the first call: whether the server speaks this client's API version. Asked again after
  // a failure to reach it; a server that speaks another one is refused for every call.
  let asked: Promise<ServerVersion> | undefined;
  const checkVersion = async (signal: AbortSignal | null | undefined) => {
    asked ??= serverVersion(origin, (input) => send(input, signal ? { signal } : undefined)).catch((err: unknown) => {
      asked = undefined;
      throw err;
    });
    const server = await asked;
    if (server.apiVersion !== API_VERSION) throw versionMismatch(origin, server, CLIENT_VERSION, API_VERSION);
  };

  const authFetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit, stream = false) => {
    await checkVersion(init?.signal);
    const headers = new Headers(init?.headers);
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    else {
      // Cookie sessions must come from the club's own origin (the server's CSRF check).
      headers.set("origin", origin);
      if (cookie) headers.set("cookie", cookie);
    }
    const res = await send(input, { ...init, headers }, stream);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      if (pair?.startsWith("club_session=")) cookie = pair.endsWith("=") ? undefined : pair;
    }
    return res;
  };

  // Live streams (`notifications.live`, `comments.live`: `.subscribe(input, { onData })`) as
  // server-sent events, with the same version check, token or cookie as every call. A dropped
  // stream is opened again, with the last event's id (`lastEventId`): what was told meanwhile
  // comes then. EventSource from the `eventsource` package: Node 20 has none of its own.
  const live = httpSubscriptionLink({
    url: `${origin}/trpc`,
    transformer: superjson,
    EventSource,
    eventSourceOptions: { fetch: (url, init) => authFetch(url, init as RequestInit, true) },
  });
  // A mutation given a key to retry it by (`{ context: { idempotencyKey } }`) goes alone, with the
  // key as its Idempotency-Key header: a batch shares one request, and so would share one key.
  const keyed = httpLink({
    url: `${origin}/trpc`,
    fetch: authFetch,
    transformer: superjson,
    headers: ({ op }) => ({ "idempotency-key": String(op.context[IDEMPOTENCY_KEY_CONTEXT]) }),
  });
  // Without a token, `client.auth.login.mutate({ email, password })` starts a cookie session
  // that the client then keeps.
  return createTRPCClient<AppRouter>({
    links: [
      waitOutLimits(),
      splitLink({
        condition: (op) => op.type === "subscription",
        true: live,
        false: splitLink({
          condition: (op) => op.type === "mutation" && op.context[IDEMPOTENCY_KEY_CONTEXT] !== undefined,
          true: keyed,
          false: httpBatchLink({ url: `${origin}/trpc`, fetch: authFetch, transformer: superjson, maxItems: 20 }),
        }),
      }),
    ],
  });
}

/** The longest wait a refused call is tried again after, and how many times at most. */
export const THROTTLED_WAIT_MAX_S = 60;
export const THROTTLED_TRIES = 3;

/**
 * A call refused by one of the server's limits (429, such as a token's calls a minute) with a short
 * wait is tried again after it, by itself: the server refuses such a call before it does anything,
 * so a retry cannot do it twice. A longer wait (a sign-in lockout) is the script's to decide.
 * Each call is retried alone, not the batch it went in.
 */
function waitOutLimits() {
  let waitMs = 0;
  return retryLink<AppRouter>({
    // Called just before retryDelayMs, in the same turn: `waitMs` is this refusal's.
    retry: ({ op, error, attempts }) => {
      const seconds = error.data?.retryAfterSeconds;
      const again =
        op.type !== "subscription" &&
        error.data?.code === "TOO_MANY_REQUESTS" &&
        typeof seconds === "number" &&
        seconds <= THROTTLED_WAIT_MAX_S &&
        attempts < THROTTLED_TRIES;
      if (again) waitMs = seconds * 1000;
      return again;
    },
    retryDelayMs: () => waitMs,
  });
}

/**
 * A signal that aborts after `ms` unless stopped first (a live stream's wait for the server's
 * answer); its timer does not hold the process open.
 */
function untilAnswered(ms: number): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The server did not answer in time.", "TimeoutError")),
    ms,
  );
  timer.unref?.();
  return { signal: controller.signal, stop: () => clearTimeout(timer) };
}

export type ClubClient = ReturnType<typeof createClubClient>;

/** What `GET /api/version` says; a server older than the route speaks no API version. */
async function serverVersion(origin: string, send: (input: string) => Promise<Response>): Promise<ServerVersion> {
  const res = await send(`${origin}/api/version`);
  const body: unknown = await res.json().catch(() => undefined);
  if (
    res.ok &&
    typeof body === "object" &&
    body !== null &&
    "version" in body &&
    "apiVersion" in body &&
    typeof body.version === "string" &&
    typeof body.apiVersion === "string"
  )
    return { version: body.version, apiVersion: body.apiVersion };
  if (res.status === 404) return { version: null, apiVersion: null };
  throw restRefusal(res.status, body);
}

/** The club's origin; a missing or malformed address is refused here, not at the first call. */
export function originOf(url: unknown): string {
  const example = "e.g. https://club.example.com";
  if (typeof url !== "string" || url.trim() === "")
    throw new TypeError(`createClubClient needs the club's address as \`url\`, ${example}.`);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url.trim());
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== "https:" && parsed?.protocol !== "http:")
    throw new TypeError(
      `"${url}" is not a web address: give the club's address with https:// (or http://), ${example}.`,
    );
  return parsed.origin;
}
