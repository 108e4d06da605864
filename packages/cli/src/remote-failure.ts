import { CommandFailed } from "./errors";

/**
 * A remote server that could not be reached, or that refused the token: the whole command stops,
 * and the message names the address and the cause (never Node's bare "fetch failed").
 */
export class RemoteFailure extends CommandFailed {}

/** The network's error codes a person can act on, in words. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "the connection was closed",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host name could not be looked up",
  ETIMEDOUT: "the connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "its TLS certificate is self-signed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its TLS certificate cannot be verified",
  ERR_TLS_CERT_ALTNAME_INVALID: "its TLS certificate is for another name",
};

const codeOf = (err: unknown): string | undefined =>
  typeof err === "object" && err && "code" in err && typeof err.code === "string" ? err.code : undefined;

/** "connection refused (ECONNREFUSED)": fetch's TypeError carries the system's error as its cause. */
export function networkReason(err: unknown): string {
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) return "no answer in time";
  const inner = err instanceof Error && err.cause !== undefined ? err.cause : err;
  const code = codeOf(inner);
  if (code) return `${REASONS[code] ?? (inner instanceof Error ? inner.message : code)} (${code})`;
  return inner instanceof Error ? inner.message : String(inner);
}

/** The first `message` in a refusal's body, whatever its shape (tRPC's, batched or not, or a REST route's). */
function messageIn(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  if ("message" in body && typeof body.message === "string") return body.message;
  for (const value of Object.values(body)) {
    const found = messageIn(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * `fetch` for a remote server's calls: no answer becomes "Cannot reach <url>: <cause>.", and a
 * 401 "<url> refused the token (401): <the server's message>".
 */
export function remoteFetch(url: string, base: typeof fetch = fetch): typeof fetch {
  const origin = new URL(url).origin;
  return async (input, init) => {
    let res: Response;
    try {
      res = await base(input, init);
    } catch (err) {
      throw new RemoteFailure(`Cannot reach ${origin}: ${networkReason(err)}.`);
    }
    if (res.status === 401) {
      const said = messageIn(await res.json().catch(() => undefined)) ?? "no reason given";
      throw new RemoteFailure(`${origin} refused the token (401): ${said}`);
    }
    return res;
  };
}

/** The RemoteFailure behind an error (a client wraps what its fetch threw), if any. */
export function remoteFailureIn(err: unknown): RemoteFailure | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof RemoteFailure) return e;
  }
  return undefined;
}

/** `--url`: the club's address, checked before anything is sent. */
export function clubUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "http:" || parsed.protocol === "https:") return url;
  } catch {
    // Falls through to the message below.
  }
  throw new CommandFailed(`--url must be the club's address, like https://club.example.com (got "${url}").`);
}
