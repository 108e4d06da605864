import { comments } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, request, startApp } from "../test/harness";

let h: Harness;
let ada: string;
let bea: string;
let root: string;
let eventId: string;

beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
  await addUser(h, { email: "bea@club.test", name: "Bea" });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  ada = await login(h, "ada@club.test");
  bea = await login(h, "bea@club.test");
  root = await login(h, "root@club.test");
  eventId = (await request(h, "POST", "/api/events", { title: "Salon" }, ada)).json().id;
});
afterAll(() => h.close());

const post = (content: string, cookie = ada, commentableId = eventId) =>
  request(h, "POST", "/api/comments", { content, commentableId }, cookie);

describe("comments", () => {
  it("are posted by members and read by anyone, newest first, with likes", async () => {
    expect((await post("Hello")).statusCode).toBe(200);
    const second = (await post("  Looking forward!  ", bea)).json();
    expect(second).toMatchObject({ content: "Looking forward!", username: "Bea", like_count: 0, user_liked: false });
    const anon = await request(h, "GET", `/api/comments?commentableId=${eventId}`);
    expect(anon.statusCode).toBe(200);
    expect(anon.json().map((c: { content: string }) => c.content)).toEqual(["Looking forward!", "Hello"]);
    expect((await request(h, "POST", "/api/comments", { content: "x", commentableId: eventId })).statusCode).toBe(401);
  });

  it("refuse blank, too long, and comments on nothing", async () => {
    expect((await post("   ")).json().error).toBe("A comment cannot be empty.");
    expect((await post("x".repeat(5001))).json().error).toBe("Comments can be at most 5,000 characters.");
    expect((await post("x".repeat(5000))).statusCode).toBe(200);
    const nowhere = await post("hi", ada, "00000000-0000-4000-8000-000000000000");
    expect(nowhere.statusCode).toBe(404);
    expect((await request(h, "GET", "/api/comments?commentableId=nope")).statusCode).toBe(400);
  });

  it("are edited by their author only and deleted by the author or an admin", async () => {
    const c = (await post("Draft")).json();
    expect((await request(h, "PUT", `/api/comments/${c.id}`, { content: "Hijack" }, bea)).statusCode).toBe(403);
    expect((await request(h, "PUT", `/api/comments/${c.id}`, { content: "Hijack" }, root)).statusCode).toBe(403);
    const edited = await request(h, "PUT", `/api/comments/${c.id}`, { content: "Final" }, ada);
    expect(edited.json().content).toBe("Final");
    expect((await request(h, "DELETE", `/api/comments/${c.id}`, undefined, bea)).statusCode).toBe(403);
    expect((await request(h, "DELETE", `/api/comments/${c.id}`, undefined, root)).statusCode).toBe(200);
    expect((await request(h, "DELETE", `/api/comments/${c.id}`, undefined, ada)).statusCode).toBe(404);
  });

  it("count one like per member, exactly, under concurrent likes", async () => {
    const c = (await post("Like me")).json();
    await Promise.all(
      [bea, bea, bea, root, root].map((cookie) => request(h, "POST", `/api/comments/${c.id}/like`, undefined, cookie)),
    );
    const list = (await request(h, "GET", `/api/comments?commentableId=${eventId}`, undefined, bea)).json();
    expect(list.find((x: { id: string }) => x.id === c.id)).toMatchObject({ like_count: 2, user_liked: true });
    const unliked = await request(h, "DELETE", `/api/comments/${c.id}/unlike`, undefined, bea);
    expect(unliked.json()).toEqual({ like_count: 1, user_liked: false });
    expect((await request(h, "POST", `/api/comments/${c.id}/like`)).statusCode).toBe(401);
  });
});

describe("comments of what is deleted", () => {
  it("go with the event or media item they belong to", async () => {
    const doomed = (await request(h, "POST", "/api/events", { title: "Doomed" }, ada)).json();
    await post("Bye", ada, doomed.id);
    expect((await request(h, "DELETE", `/api/events/${doomed.id}`, undefined, ada)).statusCode).toBe(200);
    expect(await h.db.db.select().from(comments).where(eq(comments.commentableId, doomed.id))).toEqual([]);
  });
});
