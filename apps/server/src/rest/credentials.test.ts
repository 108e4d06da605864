import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addUser,
  type Harness,
  linkIn,
  login,
  mailTo,
  ORIGIN,
  request,
  startApp,
  testPhoto,
  uploadVia,
} from "../test/harness";

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  admin = await login(h, "root@club.test");
});
afterAll(() => h.close());

/** A new member with a signed-in session and a personal API token. */
async function memberWithToken(email: string) {
  const user = await addUser(h, { email, name: email.split("@")[0]!, type: "Founding" });
  const cookie = await login(h, email);
  const created = await h.app.inject({
    method: "POST",
    url: "/trpc/apiTokens.create",
    payload: { json: { name: "script" } },
    headers: { origin: ORIGIN, cookie },
  });
  const token = created.json().result.data.json.token as string;
  return { id: user.id, cookie, token };
}

const withToken = (token: string) =>
  h.app.inject({ url: "/user-details", headers: { authorization: `Bearer ${token}` } });

describe("personal API tokens end like sessions", () => {
  it("when the member changes her password", async () => {
    const m = await memberWithToken("pia@club.test");
    expect((await withToken(m.token)).statusCode).toBe(200);
    const changed = await request(
      h,
      "POST",
      "/update-password",
      { oldPassword: "password1", newPassword: "changed-1" },
      m.cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await withToken(m.token)).statusCode).toBe(401);
    // The session that made the change stays.
    expect((await request(h, "GET", "/user-details", undefined, m.cookie)).statusCode).toBe(200);
  });

  it("when the password is reset from the e-mailed link", async () => {
    const m = await memberWithToken("quin@club.test");
    await request(h, "POST", "/forgot-password", { email: "quin@club.test" });
    const token = linkIn((await mailTo(h, "quin@club.test"))[0]!.text, "/reset-password/")
      .split("/")
      .pop();
    expect((await request(h, "POST", "/reset-password", { token, newPassword: "reset-pw1" })).statusCode).toBe(200);
    expect((await withToken(m.token)).statusCode).toBe(401);
  });

  it("when an admin resets the password to the temporary one, or changes the privilege", async () => {
    const a = await memberWithToken("ria@club.test");
    await request(h, "PUT", `/api/users/${a.id}/reset-password-to-temp`, {}, admin);
    expect((await withToken(a.token)).statusCode).toBe(401);
    const b = await memberWithToken("sia@club.test");
    await request(h, "PUT", `/api/users/${b.id}/privilege`, { type: "Standard" }, admin);
    expect((await withToken(b.token)).statusCode).toBe(401);
  });
});

describe("a member who must replace a temporary password", () => {
  it("can neither upload nor fetch media until she has", async () => {
    const author = await memberWithToken("tia@club.test");
    const photo = await testPhoto();
    const upload = (cookie: string) => uploadVia(h, { cookie, filename: "a.png", data: photo });
    const item = (await upload(author.cookie)).json();
    expect(item.url).toMatch(/^\/media\//);

    const uma = await memberWithToken("uma@club.test");
    await request(h, "PUT", `/api/users/${uma.id}/reset-password-to-temp`, {}, admin);
    const temp = await login(h, "uma@club.test", "Temp-Pass-1");
    const refused = await upload(temp);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("Please choose a new password in Settings before continuing.");
    expect((await h.app.inject({ url: item.url, headers: { cookie: temp } })).statusCode).toBe(403);

    await request(h, "POST", "/update-password", { oldPassword: "Temp-Pass-1", newPassword: "my-own-1" }, temp);
    expect((await h.app.inject({ url: item.url, headers: { cookie: temp } })).statusCode).toBe(200);
    expect((await upload(temp)).statusCode).toBe(200);
  });
});
