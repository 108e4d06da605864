import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, cookieFrom, type Harness, login, ORIGIN, startApp } from "../test/harness";

let h: Harness;
beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "root@club.test", name: "Root", type: "Founding", admin: true });
  await addUser(h, { email: "sue@club.test", name: "Sue", type: "Standard" });
});
afterAll(() => h.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  h.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });

describe("session and account REST shims", () => {
  it("answers auth-status for a visitor and a member in the spec's shape", async () => {
    const anon = await h.app.inject({ url: "/auth-status" });
    expect(anon.json()).toEqual({ authenticated: false, user: null });
    const cookie = await login(h, "ada@club.test");
    const res = await h.app.inject({ url: "/auth-status", headers: { cookie } });
    expect(res.json()).toMatchObject({ authenticated: true, user: { name: "Ada", admin: false } });
  });

  it("sets an HttpOnly SameSite=Lax session cookie, not Secure over http", async () => {
    const res = await post("/login", { email: "ADA@club.test ", password: "password1" });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("gives the same failure for an unknown e-mail and a wrong password", async () => {
    const wrong = await post("/login", { email: "ada@club.test", password: "nope-nope" });
    const unknown = await post("/login", { email: "nobody@club.test", password: "nope-nope" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // Word for word the same, but for each request's own id.
    const { requestId: _wrongId, ...wrongAnswer } = wrong.json();
    const { requestId: _unknownId, ...unknownAnswer } = unknown.json();
    expect(wrongAnswer).toEqual(unknownAnswer);
    expect(wrong.json().error).toBe("Login failed");
  });

  it("answers bad input with a 400 naming the problem", async () => {
    const res = await post("/login", { email: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Email is required.");
    const notJson = await h.app.inject({
      method: "POST",
      url: "/login",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("returns user details to a member and 401 to a visitor", async () => {
    expect((await h.app.inject({ url: "/user-details" })).statusCode).toBe(401);
    const cookie = await login(h, "ada@club.test");
    const res = await h.app.inject({ url: "/user-details", headers: { cookie } });
    expect(res.json()).toMatchObject({ name: "Ada", type: "Founding", admin: false, email: "ada@club.test" });
    expect(res.json().user_id).toMatch(/[0-9a-f-]{36}/);
  });

  it("lets a member rename herself but not change her type; an admin may change her own type", async () => {
    const sue = await login(h, "sue@club.test");
    const renamed = await post("/update-user", { name: "Susan", type: "Standard", admin: false }, sue);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().message).toBe("User details updated successfully");
    const promote = await post("/update-user", { name: "Susan", type: "Founding", admin: false }, sue);
    expect(promote.statusCode).toBe(403);
    const makeAdmin = await post("/update-user", { name: "Susan", admin: true }, sue);
    expect(makeAdmin.statusCode).toBe(403);
    const root = await login(h, "root@club.test");
    const own = await post("/update-user", { name: "Root", type: "Travel Host", admin: true }, root);
    expect(own.json().user).toMatchObject({ type: "Travel Host" });
  });

  it("changes the password, ends the other sessions and keeps this one", async () => {
    await addUser(h, { email: "pat@club.test", name: "Pat" });
    const here = await login(h, "pat@club.test");
    const elsewhere = await login(h, "pat@club.test");
    const bad = await post("/update-password", { oldPassword: "wrong-one", newPassword: "another1" }, here);
    expect(bad.statusCode).toBe(400);
    const short = await post("/update-password", { oldPassword: "password1", newPassword: "abc" }, here);
    expect(short.json().error).toBe("Password must be 6 to 30 characters.");
    const ok = await post("/update-password", { oldPassword: "password1", newPassword: "another1" }, here);
    expect(ok.json().message).toBe("Password updated successfully");
    expect((await h.app.inject({ url: "/auth-status", headers: { cookie: here } })).json().authenticated).toBe(true);
    expect((await h.app.inject({ url: "/auth-status", headers: { cookie: elsewhere } })).json().authenticated).toBe(
      false,
    );
    await login(h, "pat@club.test", "another1");
  });

  it("logs out: the session no longer works", async () => {
    const cookie = await login(h, "ada@club.test");
    const res = await post("/logout", {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/club_session=;/);
    expect((await h.app.inject({ url: "/auth-status", headers: { cookie } })).json().authenticated).toBe(false);
  });

  it("replaces the session at each login", async () => {
    const first = await login(h, "ada@club.test");
    const res = await post("/login", { email: "ada@club.test", password: "password1" }, first);
    expect(cookieFrom(res)).not.toBe(first);
    expect((await h.app.inject({ url: "/auth-status", headers: { cookie: first } })).json().authenticated).toBe(false);
  });
});
