import { groupMails, profiles } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFrom, keptAnswerCounts } from "../test/answer-metrics";
import { addUser, type Harness, login, request, startApp } from "../test/harness";

const METRICS_TOKEN = "kept-home-test-metrics-token";
const HOME = "/trpc/home.get";

/**
 * A member's home is kept for her alone (KEPT_ANSWERS' `home.get`), a minute here, so that each
 * check below passes only because the server was told of the change, never because the answer aged.
 */
let h: Harness;
let bea: string;
let cleo: string;
let beaId: string;

beforeAll(async () => {
  h = await startApp({ answerCacheMs: 60_000, sessionCacheMs: 60_000, metricsToken: METRICS_TOKEN });
  beaId = (await addUser(h, { email: "bea@club.test", name: "Bea" })).id;
  await addUser(h, { email: "cleo@club.test", name: "Cleo" });
  bea = await login(h, "bea@club.test");
  cleo = await login(h, "cleo@club.test");
});
afterAll(() => h.close());

interface Home {
  lastVisit: string | null;
  news: { subject: string }[];
  welcome: { portrait: boolean; talents: boolean } | null;
}
const homeOf = async (cookie: string): Promise<Home> =>
  (await getFrom(h, HOME, cookie)).json().result.data.json as Home;

/** Whether her home is served kept (a hit), rather than made afresh. */
async function kept(cookie: string): Promise<boolean> {
  const before = await keptAnswerCounts(h, METRICS_TOKEN);
  expect((await getFrom(h, HOME, cookie)).statusCode).toBe(200);
  return (await keptAnswerCounts(h, METRICS_TOKEN)).hit > before.hit;
}

describe("a member's home, kept", () => {
  it("is served again to her, and never to another member", async () => {
    const first = await getFrom(h, HOME, bea);
    expect(first.statusCode).toBe(200);
    expect(await kept(bea)).toBe(true);
    expect((await getFrom(h, HOME, bea)).body).toBe(first.body);
    // Cleo's is her own, made for her.
    expect(await kept(cleo)).toBe(false);
    expect(await kept(cleo)).toBe(true);
  });

  it("her visit forgets her home at once, and leaves another's kept", async () => {
    await homeOf(bea);
    await homeOf(cleo);
    expect((await request(h, "POST", "/trpc/home.seen", {}, bea)).statusCode).toBe(200);
    // The database tells her visit by her id: told as it commits, heard a moment later.
    await expect.poll(async () => (await homeOf(bea)).lastVisit, { timeout: 2000 }).not.toBeNull();
    expect(await kept(cleo)).toBe(true);
  });

  it("the club's news and her talents, changed in the database by anyone, reach her kept home", async () => {
    await homeOf(bea);
    await h.db.db.insert(groupMails).values({
      subject: "Winter programme",
      html: "<p>Our winter season</p>",
      text: "Our winter season",
      recipientGroup: "all",
      recipients: 2,
    });
    await expect
      .poll(async () => (await homeOf(bea)).news.map((n) => n.subject), { timeout: 2000 })
      .toEqual(["Winter programme"]);

    // Her portrait, then her talents (a column only her home reads among the kept answers).
    await h.db.db.insert(profiles).values({ userId: beaId, bio: "Glass artist", portraitPrefix: "portraits/bea" });
    await expect.poll(async () => (await homeOf(bea)).welcome?.portrait, { timeout: 2000 }).toBe(true);
    // Kept again (an answer read while the change was being told is not), before the next change.
    await expect.poll(() => kept(bea), { timeout: 2000 }).toBe(true);
    await h.db.db
      .update(profiles)
      .set({ talents: ["Glass"] })
      .where(eq(profiles.userId, beaId));
    await expect.poll(async () => (await homeOf(bea)).welcome?.talents, { timeout: 2000 }).toBe(true);
  });
});
