import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIPv6, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/** How long an endpoint has to answer; then the try fails. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of an answer; the rest is dropped unread. */
export const WEBHOOK_ANSWER_MAX_BYTES = 64 * 1024;

/**
 * IPv4-compatible IPv6 addresses (::/96, deprecated by RFC 4291 but still routed to the IPv4
 * address by some stacks), less :: and ::1, which ipaddr.js names itself. ipaddr.js has no range
 * for them, and reads the dotted form `::a.b.c.d` as IPv4-mapped (`::ffff:a.b.c.d`), a different
 * address; Node's own parser (inet_pton) reads both forms as they are. The URL writes such an
 * address in hex (`::7f00:1`), Node's lookup writes a resolved one dotted (`::127.0.0.1`).
 */
const ipv4Compatible = new BlockList();
ipv4Compatible.addRange("::2", "::ffff:ffff", "ipv6");

/**
 * Why an address is not one the club posts to: undefined for a public (unicast) address, else the
 * range's name. Everything that is not the open internet is refused: loopback, private,
 * link-local, unique-local, carrier-grade NAT, unspecified, multicast, reserved, discard-only, and
 * the IPv6 forms that carry an IPv4 address inside (IPv4-compatible, 6to4, Teredo, NAT64, IPv4-
 * translated), which could lead inside, refused whole; IPv4-mapped is read as the IPv4 address.
 */
export function privateRange(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return "not an IP address";
  // Before ipaddr.js reads it: it would take `::10.0.0.1` for the mapped `::ffff:10.0.0.1`.
  if (isIPv6(address) && ipv4Compatible.check(address, "ipv6")) return "ipv4Compatible";
  const range = ipaddr.process(address).range();
  return range === "unicast" ? undefined : range;
}

/** Why a URL is not one an endpoint may have, in words for the admin; undefined when it may. */
export function webhookUrlProblem(value: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Give a full address, such as https://crm.example.com/club-hooks.";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowPrivate)) {
    return allowPrivate
      ? "The address must start with https:// or http://."
      : "The address must start with https:// (plain http:// only where WEBHOOK_ALLOW_PRIVATE is set).";
  }
  if (url.username || url.password)
    return "The address must not hold a user name or password; the signature proves the club.";
  const host = hostOf(url);
  if (!allowPrivate && ipaddr.isValid(host)) {
    const range = privateRange(host);
    if (range)
      return `The address ${host} is inside a private network (${range}); the club posts only to public addresses.`;
  }
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost"))) {
    return "The address is this machine (localhost); the club posts only to public addresses.";
  }
  return undefined;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** WEBHOOK_ALLOW_PRIVATE: addresses inside the server's network, and plain http, are allowed. */
  allowPrivate: boolean;
  timeoutMs?: number;
}

export type WebhookAnswer =
  | { ok: true; status: number }
  /** `status` is null when no answer came (refused, timed out, an address not allowed). */
  | { ok: false; status: number | null; error: string };

class AddressRefused extends Error {}

/**
 * Resolves the host as the connection is made, and refuses it when any of its addresses is private:
 * checked here, at connect time, a name cannot resolve to a public address for a check and to a
 * private one for the connection (DNS rebinding).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => privateRange(a.address));
      if (refused) {
        const error = new AddressRefused(
          `${hostname} resolves to ${refused.address}, inside a private network (${privateRange(refused.address)}); the club posts only to public addresses.`,
        );
        return callback(error, "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address.`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * One POST of a message: no redirect followed (a 3xx is a failure), at most `timeoutMs` for the
 * whole answer, at most 64 KB of it read. Never throws: a failure is said in words.
 */
export function postWebhook(post: WebhookPost): Promise<WebhookAnswer> {
  const problem = webhookUrlProblem(post.url, post.allowPrivate);
  if (problem) return Promise.resolve({ ok: false, status: null, error: problem });
  const url = new URL(post.url);
  const timeoutMs = post.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: "POST",
      headers: { ...post.headers, "content-length": Buffer.byteLength(post.body).toString() },
      lookup: guardedLookup(post.allowPrivate),
      // A fresh connection each time: a kept-alive one would skip the address check.
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      settle({ ok: false, status: null, error: `No answer within ${timeoutMs / 1000} seconds.` });
    }, timeoutMs);
    request.on("error", (err) => {
      const words = err instanceof AddressRefused ? err.message : `Could not reach ${url.host}: ${causeOf(err)}.`;
      settle({ ok: false, status: null, error: words });
    });
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let read = 0;
      const finish = () => {
        const text = Buffer.concat(chunks).toString("utf8").trim();
        if (status >= 200 && status < 300) return settle({ ok: true, status });
        if (status >= 300 && status < 400) {
          const to = response.headers.location ? ` to ${response.headers.location}` : "";
          return settle({ ok: false, status, error: `Redirected${to}; webhooks do not follow redirects.` });
        }
        const said = text ? `: ${text.slice(0, 300)}` : "";
        settle({ ok: false, status, error: `The endpoint answered ${status}${said}` });
      };
      response.on("data", (chunk: Buffer) => {
        if (read >= WEBHOOK_ANSWER_MAX_BYTES) return;
        chunks.push(chunk.subarray(0, WEBHOOK_ANSWER_MAX_BYTES - read));
        read += chunk.length;
        // Enough read: the rest is dropped, and the connection with it.
        if (read >= WEBHOOK_ANSWER_MAX_BYTES) {
          finish();
          response.destroy();
        }
      });
      response.on("end", finish);
      response.on("error", finish);
    });
    request.end(post.body);
  });
}

function causeOf(err: Error): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ECONNREFUSED") return "the connection was refused";
  if (code === "ENOTFOUND") return "no such host";
  if (code === "ECONNRESET") return "the connection was closed";
  if (code?.startsWith("ERR_TLS") || code?.includes("CERT")) return `its certificate was not accepted (${code})`;
  return err.message || code || "unknown error";
}
