import { createServer } from "node:net";
import { ConfigError, loadEnv, PROVIDER_SIGN_INS_PER_IP, Throttle } from "@club/api";
import { SESSION_COOKIE } from "@club/auth";
import { auditLog, mailOutbox, oidcLogins, userIdentities, users } from "@club/db";
import { and, count, desc, eq, isNull } from "@club/db/orm";
import { oidcRefusalMessages } from "@club/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../config";
import { OIDC_STATE_COOKIE } from "../plugins/session";
import { addUser, type Harness, login, ORIGIN, startApp } from "../test/harness";
import { startProvider, type TestProvider } from "../test/oidc-provider";

const CALLBACK = `${ORIGIN}/auth/oidc/callback`;

let h: Harness;
let idp: TestProvider;
/** The app's attempt counters, so a test can spend an address's allowance without making every request. */
const throttle = new Throttle();
let ada: { id: string };
let bea: { id: string };

beforeAll(async () => {
  idp = await startProvider(CALLBACK, {
    "ada-at-idp": { email: "ada.work@idp.test", email_verified: true },
    "bea-at-idp": { email: "BEA@club.test", email_verified: true },
    "stranger-at-idp": { email: "stranger@idp.test", email_verified: true },
    "unverified-at-idp": { email: "cleo@club.test", email_verified: false },
    "second-ada-at-idp": { email: "ada.home@idp.test", email_verified: true },
    // The Kelvin sign (U+212A) lower-cases to "k" in JavaScript: a look-alike of kate@club.test.
    "kelvin-at-idp": { email: "\u212Aate@club.test", email_verified: true },
  });
  h = await startApp(
    { oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, label: "Test IdP" } },
    undefined,
    { throttle },
  );
  ada = await addUser(h, { email: "ada@club.test", name: "Ada" });
  bea = await addUser(h, { email: "bea@club.test", name: "Bea" });
  await addUser(h, { email: "cleo@club.test", name: "Cleo" });
  await addUser(h, { email: "kate@club.test", name: "Kate" });
});
afterAll(async () => {
  await h?.close();
  await idp?.close();
});

/** The cookies an answer sets, as `name=value` pairs a browser would send back. */
function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  const header = res.headers["set-cookie"];
  for (const line of [header ?? []].flat()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}
const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

/** A browser's round trip: the start, the provider's screens as `login`, and the callback URL it comes back with. */
async function throughProvider(start: LightMyRequestResponse, login: string, jar: Record<string, string>) {
  expect(start.statusCode).toBe(302);
  Object.assign(jar, cookiesOf(start));
  const location = String(start.headers.location);
  expect(location.startsWith(idp.issuer)).toBe(true);
  const back = await idp.signIn(location, login);
  expect(back.href.startsWith(CALLBACK)).toBe(true);
  return back;
}

const callback = (back: URL, jar: Record<string, string>) =>
  h.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: cookieHeader(jar) } });

async function signInVia(login: string, redirect = "/events") {
  const jar: Record<string, string> = {};
  const start = await h.app.inject({ url: `/auth/oidc/start?redirect=${encodeURIComponent(redirect)}` });
  const back = await throughProvider(start, login, jar);
  const res = await callback(back, jar);
  return { res, back, jar };
}

async function linkVia(memberCookie: string, login: string) {
  const jar: Record<string, string> = Object.fromEntries([memberCookie.split("=") as [string, string]]);
  const started = await h.app.inject({
    method: "POST",
    url: "/trpc/identities.startLink",
    headers: { origin: ORIGIN, cookie: memberCookie, "content-type": "application/json" },
    payload: {},
  });
  expect(started.statusCode).toBe(200);
  Object.assign(jar, cookiesOf(started));
  const url = String(started.json().result.data.json.url);
  const back = await idp.signIn(url, login);
  return callback(back, jar);
}

const userCount = async () => (await h.db.db.select({ n: count() }).from(users))[0]?.n;
/** Her linked identities (those she unlinked are kept, marked, and left out). */
const identitiesOf = (userId: string) =>
  h.db.db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), isNull(userIdentities.unlinkedAt)));

const trpcPost = (app: Harness, path: string, cookie: string, json?: unknown) =>
  app.app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
    payload: json === undefined ? {} : { json },
  });

/**
 * Confirms a password session by e-mail as she would: asks for the link, reads it in the mail,
 * opens it in the same browser. Connecting an identity from a password session needs it.
 */
async function confirmByEmail(app: Harness, cookie: string, email: string): Promise<string> {
  expect((await trpcPost(app, "auth.confirmByEmail", cookie)).statusCode).toBe(200);
  const [mail] = await app.db.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail?.html.match(/\/confirm-sign-in\/([a-z0-9]+)/)?.[1] ?? "";
  expect((await trpcPost(app, "auth.confirmSession", cookie, { token })).statusCode).toBe(200);
  return cookie;
}

/** Signed in with a password, and confirmed by e-mail. */
const confirmedLogin = async (email: string) => confirmByEmail(h, await login(h, email), email);
const auditOf = (kind: string, targetId: string) =>
  h.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, kind), eq(auditLog.targetId, targetId)));

const trpcGet = (path: string, cookie: string) =>
  h.app.inject({ url: `/trpc/${path}`, headers: { cookie } }).then((r) => ({ status: r.statusCode, body: r.json() }));

describe("configuration", () => {
  const full = {
    OIDC_ISSUER: "https://login.example.com/realms/club",
    OIDC_CLIENT_ID: "club",
    OIDC_CLIENT_SECRET: "s3cret",
  };

  it("takes the issuer, client and secret together, the label defaulting to the issuer's host", () => {
    expect(configFromEnv(loadEnv({})).oidc).toBeUndefined();
    expect(configFromEnv(loadEnv(full)).oidc).toEqual({
      issuer: full.OIDC_ISSUER,
      clientId: "club",
      clientSecret: "s3cret",
      label: "login.example.com",
    });
    expect(configFromEnv(loadEnv({ ...full, OIDC_LABEL: "Example SSO" })).oidc?.label).toBe("Example SSO");
  });

  it("stops the start on a partial set, naming what is missing", () => {
    expect(() => loadEnv({ OIDC_ISSUER: full.OIDC_ISSUER })).toThrow(ConfigError);
    expect(() => loadEnv({ OIDC_ISSUER: full.OIDC_ISSUER, OIDC_CLIENT_ID: "club" })).toThrow(
      /OIDC_CLIENT_SECRET: required when any of/,
    );
    expect(() => loadEnv({ OIDC_LABEL: "Example SSO" })).toThrow(/OIDC_ISSUER: required/);
  });

  it("refuses a plain http issuer unless it is on this machine", () => {
    expect(() => loadEnv({ ...full, OIDC_ISSUER: "http://login.example.com" })).toThrow(/OIDC_ISSUER: must be/);
    expect(loadEnv({ ...full, OIDC_ISSUER: "http://localhost:9000" }).OIDC_ISSUER).toBe("http://localhost:9000");
  });
});

describe("the provider on the Login screen", () => {
  it("names the configured provider for the button", async () => {
    const res = await h.app.inject({ url: "/trpc/identities.provider" });
    expect(res.json().result.data.json).toEqual({ label: "Test IdP" });
  });

  it("starts at the provider with PKCE, state and nonce, and binds the state to the browser", async () => {
    const res = await h.app.inject({ url: "/auth/oidc/start" });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(url.searchParams.get("nonce")).toBeTruthy();
    const state = url.searchParams.get("state");
    const cookie = String([res.headers["set-cookie"]].flat().find((c) => c?.startsWith(OIDC_STATE_COOKIE)));
    expect(cookie).toContain(`${OIDC_STATE_COOKIE}=${state}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/auth\/oidc/);
  });
});

describe("linking from Settings, then signing in", () => {
  it("links the identity to the signed-in member, with an audit record", async () => {
    const cookie = await login(h, "ada@club.test");
    // Signed in with a password alone: not before she confirms by e-mail.
    const refused = await trpcPost(h, "identities.startLink", cookie);
    expect(refused.statusCode).toBe(412);
    expect(refused.body).toContain("first confirm it is you");
    const res = await linkVia(await confirmByEmail(h, cookie, "ada@club.test"), "ada-at-idp");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/settings/security?oidc=linked");
    const linked = await identitiesOf(ada.id);
    expect(linked).toMatchObject([{ issuer: idp.issuer, subject: "ada-at-idp", email: "ada.work@idp.test" }]);
    expect(await auditOf("identity.linked", ada.id)).toMatchObject([
      { actorId: ada.id, detail: { subject: "ada-at-idp", via: "settings" } },
    ]);
  });

  it("lists her identities, and nobody else's", async () => {
    const mine = await trpcGet("identities.list", await login(h, "ada@club.test"));
    expect(mine.body.result.data.json).toMatchObject([{ email: "ada.work@idp.test", issuer: idp.issuer }]);
    const theirs = await trpcGet("identities.list", await login(h, "bea@club.test"));
    expect(theirs.body.result.data.json).toEqual([]);
  });

  it("signs her in through the provider by the linked identity (whatever its e-mail), to where she was going", async () => {
    const { res } = await signInVia("ada-at-idp", "/events?tab=past");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/events?tab=past");
    const session = cookiesOf(res)[SESSION_COOKIE];
    expect(session).toBeTruthy();
    const me = await trpcGet("auth.me", `${SESSION_COOKIE}=${session}`);
    expect(me.body.result.data.json).toMatchObject({ email: "ada@club.test" });
    const [identity] = await identitiesOf(ada.id);
    expect(identity?.lastUsedAt).toBeInstanceOf(Date);
    // On the audit log as a sign-in through the provider, naming it.
    expect((await auditOf("sign_in.succeeded", ada.id)).at(-1)).toMatchObject({
      actorId: ada.id,
      detail: { method: "oidc", issuer: idp.issuer },
    });
  });

  it("goes home when the redirect is another site's", async () => {
    const { res } = await signInVia("ada-at-idp", "//evil.example/x");
    expect(res.headers.location).toBe("/member-home");
  });

  it("goes home when the redirect hides another site behind a tab or a backslash", async () => {
    // Found in review: a browser drops the tab and follows "/\t/evil.example" to another site.
    for (const target of ["/\t/evil.example", "/\\evil.example", "/%09/ok"]) {
      const { res } = await signInVia("ada-at-idp", target);
      expect(res.headers.location).toBe(target === "/%09/ok" ? "/%09/ok" : "/member-home");
    }
  });

  it("goes home when the redirect resolves to another site only once its dot segments are read", async () => {
    // Found in a probe: "/.//evil.example/phish" passed the check for "//" and was sent, resolved,
    // as "Location: //evil.example/phish".
    for (const target of [
      "/.//evil.example/phish",
      "/..//evil.example",
      "/%2e%2e//evil.example",
      "/a/..//evil.example",
    ]) {
      const { res } = await signInVia("ada-at-idp", target);
      expect(res.headers.location, target).toBe("/member-home");
    }
  });

  it("refuses a link finished by another member than the one who started it", async () => {
    const adaCookie = await confirmedLogin("ada@club.test");
    const started = await h.app.inject({
      method: "POST",
      url: "/trpc/identities.startLink",
      headers: { origin: ORIGIN, cookie: adaCookie, "content-type": "application/json" },
      payload: {},
    });
    const back = await idp.signIn(String(started.json().result.data.json.url), "second-ada-at-idp");
    // Meanwhile Bea signed in in this browser.
    const jar = { ...cookiesOf(started), ...Object.fromEntries([(await login(h, "bea@club.test")).split("=")]) };
    const res = await callback(back, jar);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/settings/security?oidc=session_changed");
    expect(await identitiesOf(bea.id)).toEqual([]);
    expect(await identitiesOf(ada.id)).toHaveLength(1);
  });

  it("refuses to link an identity already linked to another member", async () => {
    const res = await linkVia(await confirmedLogin("bea@club.test"), "ada-at-idp");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/settings/security?oidc=linked_elsewhere");
    expect(await identitiesOf(bea.id)).toEqual([]);
  });
});

describe("the first sign-in by a verified e-mail", () => {
  it("links the identity to the member with that e-mail (in any case) and signs her in", async () => {
    const { res } = await signInVia("bea-at-idp");
    expect(res.statusCode).toBe(302);
    expect(cookiesOf(res)[SESSION_COOKIE]).toBeTruthy();
    expect(await identitiesOf(bea.id)).toMatchObject([{ subject: "bea-at-idp" }]);
    expect(await auditOf("identity.linked", bea.id)).toMatchObject([
      { actorId: bea.id, detail: { via: "verified e-mail" } },
    ]);
  });
});

describe("refusals", () => {
  it("refuses an identity that is no member's, creating nothing", async () => {
    const before = await userCount();
    const { res } = await signInVia("stranger-at-idp");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login?error=not_member");
    expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
    expect(await userCount()).toBe(before);
    const strangers = await h.db.db.select().from(userIdentities).where(eq(userIdentities.subject, "stranger-at-idp"));
    expect(strangers).toEqual([]);
  });

  it("refuses a verified e-mail that only looks like a member's once lower-cased, linking nothing", async () => {
    const { res } = await signInVia("kelvin-at-idp");
    expect(res.headers.location).toBe("/login?error=not_member");
    expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
    const linked = await h.db.db.select().from(userIdentities).where(eq(userIdentities.subject, "kelvin-at-idp"));
    expect(linked).toEqual([]);
  });

  it("refuses an e-mail the provider has not verified, even a member's", async () => {
    const { res } = await signInVia("unverified-at-idp");
    expect(res.headers.location).toBe("/login?error=unverified");
    expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
  });

  it("refuses a callback whose state is not this browser's, with 400 and words", async () => {
    const jar: Record<string, string> = {};
    const back = await throughProvider(await h.app.inject({ url: "/auth/oidc/start" }), "ada-at-idp", jar);
    // Another browser's state cookie (it started a sign-in of its own).
    const other = cookiesOf(await h.app.inject({ url: "/auth/oidc/start" }));
    const res = await callback(back, other);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain(asHtml(oidcRefusalMessages.state));
    expect(res.body).toContain('href="/login?error=state"');
    expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
    // No cookie at all, or a state changed in the address: the same.
    expect((await callback(back, {})).statusCode).toBe(400);
    const forged = new URL(back);
    forged.searchParams.set("state", "forged-state");
    expect((await callback(forged, jar)).statusCode).toBe(400);
  });

  it("refuses a replayed callback with 400", async () => {
    const { res, back, jar } = await signInVia("ada-at-idp");
    expect(res.statusCode).toBe(302);
    const again = await callback(back, jar);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(asHtml(oidcRefusalMessages.expired));
    expect(cookiesOf(again)[SESSION_COOKIE]).toBeUndefined();
  });

  it("refuses a forged code with 400", async () => {
    const jar: Record<string, string> = {};
    const back = await throughProvider(await h.app.inject({ url: "/auth/oidc/start" }), "ada-at-idp", jar);
    back.searchParams.set("code", "not-a-code-the-provider-gave");
    const res = await callback(back, jar);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(asHtml(oidcRefusalMessages.code));
  });

  it("sends her back to the Login screen when she cancels at the provider", async () => {
    const jar = cookiesOf(await h.app.inject({ url: "/auth/oidc/start" }));
    const state = jar[OIDC_STATE_COOKIE] ?? "";
    const res = await callback(
      new URL(`${CALLBACK}?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`),
      jar,
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login?error=denied");
  });

  it("answers 503 with words, not 500, when the provider is down", async () => {
    const port = await freePort();
    const down = await startApp({
      oidc: { issuer: `http://127.0.0.1:${port}`, clientId: "c", clientSecret: "s", label: "Down" },
    });
    let upLater: TestProvider | undefined;
    try {
      const res = await down.app.inject({ url: "/auth/oidc/start" });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.body).toContain(asHtml(oidcRefusalMessages.unavailable));
      const member = await addUser(down, { email: "d@club.test" });
      const cookie = await confirmByEmail(down, await login(down, member.email), member.email);
      const link = await trpcPost(down, "identities.startLink", cookie);
      expect(link.statusCode).toBe(503);
      // Once the provider answers, the next sign-in finds it: a failed discovery is not kept.
      upLater = await startProvider(CALLBACK, {}, port);
      expect((await down.app.inject({ url: "/auth/oidc/start" })).statusCode).toBe(302);
    } finally {
      await down.close();
      await upLater?.close();
    }
    // An app of its own: a second embedded database beside the file's (seconds to open under load).
  }, 60_000);

  it("counts the sign-ins started from one address, so a loop cannot fill the pending table", async () => {
    // Found in review: each start keeps a row for ten minutes, and nothing limited them. The first
    // 599 of the loop are counted straight into the app's counter (each real start is a database
    // transaction: 600 of them took more than 20 s on a busy machine); the last two are real.
    const address = "192.0.2.7";
    const start = () => h.app.inject({ url: "/auth/oidc/start", remoteAddress: address });
    for (let i = 0; i < PROVIDER_SIGN_INS_PER_IP.max - 1; i++) await throttle.take([PROVIDER_SIGN_INS_PER_IP, address]);
    const pending = async () => (await h.db.db.select({ n: count() }).from(oidcLogins))[0]?.n ?? 0;
    const before = await pending();
    // The 600th start is made and kept; the 601st is refused and keeps nothing.
    expect((await start()).statusCode).toBe(302);
    expect((await start()).statusCode).toBe(429);
    expect(await pending()).toBe(before + 1);
    // Another address is not held up by this one's loop.
    expect((await h.app.inject({ url: "/auth/oidc/start", remoteAddress: "192.0.2.8" })).statusCode).toBe(302);
  });

  it("has no button and no flow without a provider", async () => {
    const none = await startApp();
    try {
      expect((await none.app.inject({ url: "/trpc/identities.provider" })).json().result.data.json).toBeNull();
      expect((await none.app.inject({ url: "/auth/oidc/start" })).statusCode).toBe(404);
      expect((await none.app.inject({ url: "/auth/oidc/callback?state=x&code=y" })).statusCode).toBe(400);
    } finally {
      await none.close();
    }
    // An app of its own, as above.
  }, 60_000);
});

describe("unlinking", () => {
  const unlink = (cookie: string, id: string) =>
    h.app.inject({
      method: "POST",
      url: "/trpc/identities.unlink",
      headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
      payload: { json: { id } },
    });

  it("answers not found for another member's identity", async () => {
    const [identity] = await identitiesOf(ada.id);
    const res = await unlink(await login(h, "bea@club.test"), identity?.id ?? "");
    expect(res.statusCode).toBe(404);
    expect(await identitiesOf(ada.id)).toHaveLength(1);
  });

  it("keeps her last way in, and unlinks when another remains, with an audit record", async () => {
    const cookie = await confirmedLogin("ada@club.test");
    // Without a password, her only identity is her only way in.
    await h.db.db.update(users).set({ passwordHash: "" }).where(eq(users.id, ada.id));
    const [only] = await identitiesOf(ada.id);
    const refused = await unlink(cookie, only?.id ?? "");
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain("only way to sign in");
    // With a second identity, the first may go.
    expect((await linkVia(cookie, "second-ada-at-idp")).headers.location).toBe("/settings/security?oidc=linked");
    const ok = await unlink(cookie, only?.id ?? "");
    expect(ok.statusCode).toBe(200);
    expect(await identitiesOf(ada.id)).toMatchObject([{ subject: "second-ada-at-idp" }]);
    expect(await auditOf("identity.unlinked", ada.id)).toMatchObject([{ detail: { subject: "ada-at-idp" } }]);
  });
});

describe("an unlinked identity", () => {
  const notices = async (email: string) =>
    (await h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
      (m) => m.subject === "A change to how you sign in to the club",
    );

  it("is not linked again by its verified e-mail: its sign-in is refused, nothing linked", async () => {
    // Bea's identity was linked by its verified e-mail at its first sign-in.
    const [linked] = await identitiesOf(bea.id);
    expect(linked?.subject).toBe("bea-at-idp");
    const before = (await notices("bea@club.test")).length;
    const unlinked = await trpcPost(h, "identities.unlink", await login(h, "bea@club.test"), { id: linked?.id });
    expect(unlinked.statusCode).toBe(200);
    expect(await notices("bea@club.test")).toHaveLength(before + 1);

    const { res } = await signInVia("bea-at-idp");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login?error=unlinked");
    expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
    expect(await identitiesOf(bea.id)).toEqual([]);
    expect(await auditOf("identity.linked", bea.id)).toHaveLength(1);
  });

  it("is linked again by her explicit Connect in Settings, and then signs her in", async () => {
    const res = await linkVia(await confirmedLogin("bea@club.test"), "bea-at-idp");
    expect(res.headers.location).toBe("/settings/security?oidc=linked");
    expect(await identitiesOf(bea.id)).toMatchObject([{ subject: "bea-at-idp", unlinkedAt: null }]);
    expect(await auditOf("identity.linked", bea.id)).toHaveLength(2);
    const again = await signInVia("bea-at-idp");
    expect(again.res.headers.location).toBe("/events");
    expect(cookiesOf(again.res)[SESSION_COOKIE]).toBeTruthy();
  });
});

/** A port nothing listens on: taken, then let go. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** How the page writes a message (its quotes as character references). */
const asHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
