import { type ApiTokenScope, createApiToken } from "@club/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, startApp, testPhoto } from "../test/harness";

/**
 * API token scopes over HTTP: the REST shims, the upload routes and tRPC all answer within the
 * token's scope (the permission table in packages/api has every procedure × scope).
 */
let h: Harness;
let rootId: string;
let fayId: string;

beforeAll(async () => {
  h = await startApp();
  rootId = (await addUser(h, { email: "root@club.test", name: "Root", admin: true })).id;
  fayId = (await addUser(h, { email: "fay@club.test", name: "Fay", type: "Founding" })).id;
});
afterAll(() => h.close());

const tokenOf = async (userId: string, scope: ApiTokenScope) =>
  (await createApiToken(h.db.db, { userId, name: `${scope} script`, scope })).token;

function send(token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

/** A multipart photo upload with a bearer token. */
async function upload(token: string) {
  const boundary = "----club-scope-boundary";
  return h.app.inject({
    method: "POST",
    url: "/upload-media",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await testPhoto(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const trpcCall = (token: string, path: string, json: unknown) =>
  h.app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { json },
  });

const event = { title: "Token supper", event_date: "2027-05-01" };

describe("a read token", () => {
  it("reads, and cannot POST, PUT or DELETE anything, nor upload", async () => {
    const token = await tokenOf(rootId, "read");
    expect((await send(token, "GET", "/api/events")).statusCode).toBe(200);
    expect((await send(token, "GET", "/api/users")).statusCode).toBe(200);

    const created = await send(token, "POST", "/api/events", event);
    expect(created.statusCode).toBe(403);
    expect(created.json().error).toBe(
      'This API token may only read (scope "read"), and events.create changes data. Use a token with the "seed" or "admin" scope.',
    );
    const session = await login(h, "root@club.test");
    const made = await h.app.inject({
      method: "POST",
      url: "/api/events",
      headers: { origin: ORIGIN, cookie: session },
      payload: event,
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().id as string;
    expect((await send(token, "PUT", `/api/events/${id}`, { title: "Renamed" })).statusCode).toBe(403);
    expect((await send(token, "DELETE", `/api/events/${id}`)).statusCode).toBe(403);
    expect((await send(token, "POST", "/api/comments", { commentableId: id, content: "Hi" })).statusCode).toBe(403);

    const photo = await upload(token);
    expect(photo.statusCode).toBe(403);
    expect(photo.json().error).toContain("uploads.media changes data");
    const resumable = await h.app.inject({
      method: "POST",
      url: "/uploads",
      headers: { authorization: `Bearer ${token}`, "Tus-Resumable": "1.0.0", "Upload-Length": "10" },
    });
    expect(resumable.statusCode).toBe(403);
    expect((await trpcCall(token, "events.create", event)).statusCode).toBe(403);
  });
});

describe("a seed token", () => {
  it("adds what seeding adds, and deletes nothing, sends no mail, changes no member", async () => {
    const token = await tokenOf(rootId, "seed");
    const created = await send(token, "POST", "/api/events", event);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect((await send(token, "PUT", `/api/events/${id}`, { title: "Renamed supper" })).statusCode).toBe(200);
    expect((await send(token, "POST", "/api/comments", { commentableId: id, content: "Hi" })).statusCode).toBe(200);
    const photo = await upload(token);
    expect(photo.statusCode, photo.body).toBe(200);

    const deleted = await send(token, "DELETE", `/api/events/${id}`);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().error).toBe(
      'This API token may only read and add what seeding adds (scope "seed"); events.delete is not part of it. Use a token with the "admin" scope.',
    );
    const mail = await send(token, "POST", "/api/admin/send-email", {
      subject: "Hi",
      body: "<p>Hi</p>",
      recipientGroup: "admins",
    });
    expect(mail.statusCode).toBe(403);
    expect((await send(token, "PUT", `/api/users/${fayId}/privilege`, { type: "Standard" })).statusCode).toBe(403);
  });
});

describe("rights", () => {
  it("are given by an admin token only: a seed token creates and renames members, never an administrator", async () => {
    const token = await tokenOf(rootId, "seed");
    const member = { email: "new@club.test", name: "New", password: "password1" };
    const made = await trpcCall(token, "users.create", member);
    expect(made.statusCode, made.body).toBe(200);
    const newId = made.json().result.data.json.id as string;
    const promoted = await trpcCall(token, "users.create", { ...member, email: "boss@club.test", admin: true });
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json().error.json.message).toBe(
      'This API token (scope "seed") may not create an administrator: that takes a token with the "admin" scope.',
    );
    expect((await trpcCall(token, "users.update", { userId: newId, name: "Newer" })).statusCode).toBe(200);
    for (const change of [{ type: "Founding" }, { admin: true }, { admin: false }]) {
      const refused = await trpcCall(token, "users.update", { userId: rootId, ...change });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.json.message).toBe(
        `This API token (scope "seed") may not change a member's type or administrator right: that takes a token with the "admin" scope.`,
      );
    }
    expect((await send(await tokenOf(rootId, "admin"), "GET", "/api/users")).statusCode).toBe(200);
  });

  it("changed by an admin's own token end her other tokens and sessions, not the token she uses", async () => {
    const kim = (await addUser(h, { email: "kim@club.test", name: "Kim", admin: true, type: "Standard" })).id;
    const using = await tokenOf(kim, "admin");
    const other = await tokenOf(kim, "read");
    const changed = await trpcCall(using, "users.update", { userId: kim, type: "Founding" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await send(using, "GET", "/api/users")).statusCode).toBe(200);
    expect((await send(other, "GET", "/api/users")).statusCode).toBe(401);
  });
});

describe("an admin token", () => {
  it("does all its owner may do, and no more than its owner may", async () => {
    const root = await tokenOf(rootId, "admin");
    const created = await send(root, "POST", "/api/events", event);
    expect((await send(root, "DELETE", `/api/events/${created.json().id}`)).statusCode).toBe(200);
    // A member's admin-scope token acts as that member: no administrator's rights.
    const fay = await tokenOf(fayId, "admin");
    expect((await send(fay, "GET", "/api/users")).statusCode).toBe(403);
  });
});

describe("token management", () => {
  it("is refused to every token, whatever its scope, and open to a signed-in session", async () => {
    const message =
      "API tokens cannot be created, listed or revoked with an API token. Sign in to the club and use Settings → API tokens, or run `club token` on the server.";
    for (const scope of ["read", "seed", "admin"] as const) {
      const token = await tokenOf(rootId, scope);
      const made = await trpcCall(token, "apiTokens.create", { name: "more", scope: "admin" });
      expect(made.statusCode).toBe(403);
      expect(made.json().error.json.message).toBe(message);
      const listed = await h.app.inject({ url: "/trpc/apiTokens.list", headers: { authorization: `Bearer ${token}` } });
      expect(listed.statusCode).toBe(403);
      expect((await trpcCall(token, "apiTokens.revoke", { id: crypto.randomUUID() })).statusCode).toBe(403);
    }

    await addUser(h, { email: "gus@club.test", name: "Gus" });
    const cookie = await login(h, "gus@club.test");
    const viaSession = (path: string, json?: unknown) =>
      h.app.inject({
        method: json === undefined ? "GET" : "POST",
        url: `/trpc/${path}`,
        headers: { origin: ORIGIN, cookie },
        ...(json === undefined ? {} : { payload: { json } }),
      });
    const made = await viaSession("apiTokens.create", { name: "ci", scope: "seed" });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().result.data.json).toMatchObject({ name: "ci", scope: "seed" });
    const byDefault = await viaSession("apiTokens.create", { name: "reader" });
    expect(byDefault.json().result.data.json.scope).toBe("read");
    const listed = await viaSession("apiTokens.list");
    expect(listed.json().result.data.json.map((t: { scope: string }) => t.scope)).toEqual(["read", "seed"]);
    const bad = await viaSession("apiTokens.create", { name: "x", scope: "root" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.json.message).toBe("The scope must be read, seed or admin.");
  });
});

describe("a refused token", () => {
  it("is told expired (with the day) apart from not valid, on REST and tRPC alike", async () => {
    const expired = (
      await createApiToken(h.db.db, {
        userId: fayId,
        name: "last year's script",
        scope: "read",
        expiresAt: new Date("2025-03-01T12:00:00Z"),
      })
    ).token;
    const rest = await send(expired, "GET", "/api/events");
    expect(rest.statusCode).toBe(401);
    expect(rest.json().detail).toBe(
      'This API token expired on 2025-03-01. Make a new one in Settings → API tokens, or with "club token create".',
    );
    const trpc = await send(expired, "GET", "/trpc/auth.me");
    expect(trpc.statusCode).toBe(401);
    expect(trpc.json().error.json.message).toContain("expired on 2025-03-01");

    for (const unknown of ["club_not-a-token-of-this-club", "no-prefix-at-all"]) {
      const refused = await send(unknown, "GET", "/api/events");
      expect(refused.statusCode).toBe(401);
      expect(refused.json().detail).toBe("This API token is not valid: it was revoked, or it is mistyped.");
    }
  });

  it("says when it was revoked, and by whom or why, until housekeeping forgets it", async () => {
    const gina = (await addUser(h, { email: "gina@club.test", name: "Gina Grey", type: "Founding" })).id;
    const cookie = await login(h, "gina@club.test");
    const bySettings = await createApiToken(h.db.db, { userId: gina, name: "old laptop", scope: "read" });
    const byPassword = await createApiToken(h.db.db, { userId: gina, name: "CI", scope: "read" });
    expect((await send(byPassword.token, "GET", "/api/events")).statusCode).toBe(200);

    // She revokes one in Settings → API tokens; then she changes her password, which ends the other.
    const revoked = await h.app.inject({
      method: "POST",
      url: "/trpc/apiTokens.revoke",
      headers: { cookie, origin: ORIGIN },
      payload: { json: { id: bySettings.id } },
    });
    expect(revoked.statusCode).toBe(200);
    const changed = await h.app.inject({
      method: "POST",
      url: "/update-password",
      headers: { cookie, origin: ORIGIN },
      payload: { oldPassword: "password1", newPassword: "a-new-password-2" },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const today = new Date().toISOString().slice(0, 10);
    const again = 'Make a new one in Settings → API tokens, or with "club token create".';
    const first = await send(bySettings.token, "GET", "/api/events");
    expect(first.statusCode).toBe(401);
    expect(first.json().detail).toBe(`This API token was revoked on ${today} by its owner, in Settings. ${again}`);
    const second = await send(byPassword.token, "GET", "/trpc/auth.me");
    expect(second.statusCode).toBe(401);
    expect(second.json().error.json.message).toBe(
      `This API token was revoked on ${today} when its owner's password or rights changed. ${again}`,
    );
    // Her list shows the tokens that work: none.
    const cookieNow = await login(h, "gina@club.test", "a-new-password-2");
    const listed = await h.app.inject({ url: "/trpc/apiTokens.list", headers: { cookie: cookieNow, origin: ORIGIN } });
    expect(listed.json().result.data.json).toEqual([]);
  });

  it("a valid token's owner learns its scope from auth.me", async () => {
    const seed = await tokenOf(rootId, "seed");
    const me = await send(seed, "GET", "/trpc/auth.me");
    expect(me.json().result.data.json).toMatchObject({ email: "root@club.test", apiTokenScope: "seed" });
  });
});
