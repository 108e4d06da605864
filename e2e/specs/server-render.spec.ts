import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, FOUNDING, signIn } from "../fixtures";
import { BASE_URL } from "../playwright.config";

// Pages come from the server with their first screen in the HTML (and its data), and the browser's
// app takes them over without re-rendering them (no hydration mismatch).

test("public pages arrive as HTML, readable before any script runs", async ({ request }) => {
  for (const [path, heading] of [
    ["/", "Time for yourself"],
    ["/membership", "Membership"],
    ["/login", "Welcome back"],
  ] as const) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(heading);
    expect(html).toContain('<script src="/start.js" defer');
    expect(html).not.toContain('<script type="module"');
    // Fields and buttons are disabled until the app runs the page: nothing typed is lost, and no form
    // is sent by the browser itself (which would put a password in the address).
    expect(html).toMatch(/<fieldset disabled="" role="presentation"/);
  }
});

test("a member page arrives with her events in it; signed out it redirects to the login", async ({ request }) => {
  const signedOut = await request.get("/calendar", { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toBe("/login?redirect=%2Fcalendar");

  const headers = { origin: BASE_URL, "content-type": "application/json" };
  expect(
    (await request.post("/login", { headers, data: { email: FOUNDING.email, password: DEMO_PASSWORD } })).ok(),
  ).toBe(true);
  // The page opens at today's events: the first of them, as the procedure gives it.
  const input = encodeURIComponent(JSON.stringify({ json: { upcoming: true, limit: 1 } }));
  const first = await (await request.get(`/trpc/events.list?input=${input}`)).json();
  const html = await (await request.get("/calendar")).text();
  expect(html).toContain(FOUNDING.name.split(" ")[0]);
  // Its title, as React writes text into HTML.
  const title = String(first.result.data.json.items[0].title)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
  expect(html).toContain(title);
  expect(html).toContain('<script type="application/json" id="club-state" data-time-zone=');

  // A page whose data is refused answers with the procedure's status, not 500; an address edited
  // by hand (a month that does not exist) opens the page with that parameter unset.
  expect((await request.get("/events/no-such-event")).status()).toBe(404);
  const month = await request.get("/calendar?view=month&month=2026-13");
  expect(month.status()).toBe(200);
  expect(await month.text()).toContain("Events");
});

test("the browser takes over each page without a mismatch or an error, and the page then works", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`${page.url()}: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${page.url()}: ${m.text()}`);
  });
  for (const path of ["/", "/membership", "/login"]) {
    await page.goto(path);
    await page.waitForFunction(() => document.querySelector("#root fieldset[disabled]") === null);
  }
  await signIn(page, FOUNDING.email);
  for (const path of ["/calendar", "/gallery", "/home", "/settings"]) {
    await page.goto(path);
    // The fields are enabled once the app has taken the page over.
    await page.waitForFunction(() => document.querySelector("#root fieldset[disabled]") === null);
  }
  expect(problems).toEqual([]);

  // Interactive after the takeover: the search filters the list the server rendered.
  await page.goto("/calendar");
  await page.waitForFunction(() => document.querySelector("#root fieldset[disabled]") === null);
  await page.getByRole("searchbox").first().fill("zzzz-no-such-event");
  await expect(page).toHaveURL(/q=zzzz-no-such-event/);
});

test("a member far from the server sees moments in her own zone, rendered and taken over alike", async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: "Pacific/Auckland" });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  await signIn(page, FOUNDING.email);
  // The app, once it runs the page, tells the server her zone (a cookie); the next page is rendered in it.
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === "tz")?.value)
    .toBe("Pacific%2FAuckland");
  await page.goto("/gallery");
  await page.waitForFunction(() => document.querySelector("#root fieldset[disabled]") === null);
  const html = await (await page.request.get("/gallery")).text();
  expect(html).toContain('data-time-zone="Pacific/Auckland"');
  // The day headings the server wrote are the ones the browser shows: no mismatch was reported.
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});
