import { expect, test } from "@playwright/test";
import { expectAccessible, screenshot } from "../fixtures";

const pages = [
  { path: "/", name: "home", text: ["Gather & Create", "Showcase", "Travel"] },
  { path: "/home", name: "home-alias", text: ["Gather & Create"] },
  { path: "/about", name: "about", text: ["WHY", "WHAT", "WHAT NOT"] },
  { path: "/membership", name: "membership", text: ["Flying", "Executive", "Hosting"] },
  { path: "/activities", name: "activities", text: ["Travel", "Gathering", "Showcase"] },
  { path: "/privacy-policy", name: "privacy-policy", text: ["Privacy"] },
  { path: "/terms-of-service", name: "terms-of-service", text: ["Terms"] },
  { path: "/contact", name: "contact", text: ["Contact"] },
  { path: "/login", name: "login", text: ["Apply with Invitation Code", "Forgot Password?"] },
  {
    path: "/no-permission",
    name: "no-permission",
    text: ["You do not have the necessary permission to view this content"],
  },
  { path: "/no/such/page", name: "not-found", text: ["Oops! You're not supposed to be here!"] },
];

for (const p of pages) {
  test(`${p.path} shows its content and is accessible`, async ({ page }) => {
    await page.goto(p.path);
    for (const text of p.text) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, p.name);
  });
}

test("the home page has the hero video and the Membership button", async ({ page }) => {
  await page.goto("/");
  const video = page.locator("video").first();
  // React sets `muted` as a property, not an attribute.
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.autoplay)).toBe(true);
  // The film is named once the app runs the page (the poster shows until then), and then it loads.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/hero-loop/);
  await page.getByRole("link", { name: "Membership", exact: true }).first().click();
  await expect(page).toHaveURL(/\/membership$/);
});

test("the about page says what the club is not for", async ({ page }) => {
  await page.goto("/about");
  for (const topic of [/work/i, /job/i, /mentor/i, /parent/i])
    await expect(page.getByText(topic).first()).toBeVisible();
});

test("a phone-sized screen shows the pages without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ["/", "/about", "/membership", "/activities", "/login"]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto("/");
  await screenshot(page, "home-phone");
});
