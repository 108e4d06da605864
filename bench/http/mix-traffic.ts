// The realistic mix's traffic: who asks what, in a seeded random order, with a write one request in
// WRITE_EVERY and a browser's Accept-Encoding.
import { type MixFixture, rng } from "./mix-seed";
import type { Read } from "./mix-urls";

export const ORIGIN = "http://club.bench.local";
export const ACCEPT_ENCODING = "gzip, deflate, br";
/** One request in this many is a write. */
export const WRITE_EVERY = 20;
const SEED = 20_37;

export interface Req {
  name: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Whose like and whose RSVP is on in one server's database, so that a toggle does the other thing
 * next time. Kept for the server's whole run: each round replays the same sequence, and with the
 * state of its own round alone every like and RSVP after the warm-up was one already made, which
 * the server answers without changing anything (a write that writes nothing).
 */
export interface Toggles {
  liked: Set<string>;
  joined: Set<string>;
}
export const newToggles = (): Toggles => ({ liked: new Set(), joined: new Set() });

/** A generator of requests; the same seed gives the same sequence (a round of app and of bare alike). */
export function traffic(reads: Read[], fixture: MixFixture, withCookies: boolean, toggles = newToggles()) {
  const random = rng(SEED);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const { liked, joined } = toggles;
  const commentables = [...fixture.busyEvents, ...fixture.media.slice(0, 20)];
  let n = 0;
  const post = (name: string, input: unknown) => ({
    name,
    method: "POST" as const,
    path: `/trpc/${name}?batch=1`,
    body: JSON.stringify({ 0: { json: input } }),
  });
  return (): Req => {
    const member = pick(fixture.members);
    const headers: Record<string, string> = { "accept-encoding": ACCEPT_ENCODING };
    if (withCookies) headers.cookie = member.cookie;
    n += 1;
    if (n % WRITE_EVERY !== 0) {
      const read = pick(reads);
      return { name: read.name, method: "GET", path: read.path, headers };
    }
    const kind = (n / WRITE_EVERY) % 3;
    let write: Omit<Req, "headers">;
    if (kind === 0) {
      write = post("comments.create", {
        commentableId: pick(commentables),
        content: `A comment of the benchmark's, ${n}.`,
      });
    } else if (kind === 1) {
      const id = pick(fixture.comments);
      const key = `${member.id} ${id}`;
      write = post(liked.has(key) ? "comments.unlike" : "comments.like", { id });
      if (liked.has(key)) liked.delete(key);
      else liked.add(key);
    } else {
      const id = pick(fixture.upcomingEvents);
      const key = `${member.id} ${id}`;
      write = post(joined.has(key) ? "events.leave" : "events.join", { id });
      if (joined.has(key)) joined.delete(key);
      else joined.add(key);
    }
    return { ...write, headers: { ...headers, origin: ORIGIN, "content-type": "application/json" } };
  };
}
