import { inject } from "vitest";
import { ADMIN, DEMO_PASSWORD } from "../demo";

/**
 * The public address the suite's server is told it has (APP_ORIGIN): the Origin a state-changing
 * request signed in by a cookie must carry, as the club's own pages send it.
 */
export const APP_ORIGIN = "http://club.test";

export const clubUrl = () => inject("clubUrl");

/** Signs in with the login call the Login form makes; the session's cookie. */
export async function signIn(email = ADMIN.email, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${clubUrl()}/login`, {
    method: "POST",
    headers: { origin: APP_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`Sign-in of ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`Sign-in of ${email} set no cookie.`);
  return cookie;
}

/** A tRPC mutation as the web app sends it (superjson's `{json}` in, `{result:{data:{json}}}` out). */
export async function mutate<T>(cookie: string, procedure: string, input: unknown): Promise<T> {
  const res = await fetch(`${clubUrl()}/trpc/${procedure}`, {
    method: "POST",
    headers: { origin: APP_ORIGIN, cookie, "content-type": "application/json" },
    body: JSON.stringify({ json: input }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${procedure}: ${res.status} ${JSON.stringify(body)}`);
  return body.result.data.json as T;
}

/** A new API token of the demo admin's, as Settings makes one. */
export async function adminToken(scope: "read" | "seed" | "admin"): Promise<string> {
  const cookie = await signIn();
  const made = await mutate<{ token: string }>(cookie, "apiTokens.create", { name: `shipped ${scope}`, scope });
  return made.token;
}
