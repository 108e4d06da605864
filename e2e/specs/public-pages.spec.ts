import { expect, test } from "@playwright/test";
import { screenshot, takenOver } from "../fixtures";

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

// Each page's accessibility is judged in accessibility.spec.ts, at a desktop's size and a phone's.
for (const p of pages) {
  test(`${p.path} shows its content`, async ({ page }) => {
    await page.goto(p.path);
    for (const text of p.text) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    await screenshot(page, p.name);
  });
}

test("the home page has the hero video and the Membership button", async ({ page }) => {
  // As most visitors have it (the specs ask for less motion).
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  const video = page.locator("video").first();
  // React sets `muted` as a property, not an attribute.
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.autoplay)).toBe(true);
  // The film is named once the app runs the page (the poster shows until then), and then it loads.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/hero-loop/);
  await page.getByRole("link", { name: "Membership", exact: true }).first().click();
  await expect(page).toHaveURL(/\/membership$/);
});

test("with less motion asked for, the hero's film stays a still picture", async ({ page }) => {
  await page.goto("/");
  await takenOver(page);
  const film = page.locator("video").first();
  await expect(film).toHaveAttribute("poster", /hero-poster/);
  // Nothing to play: no source is named, so nothing is fetched or decoded, and it never starts.
  await expect(film.locator("source")).toHaveCount(0);
  expect(await film.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, src: v.currentSrc }))).toEqual({
    paused: true,
    src: "",
  });
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

test("the club installs on a phone's home screen: a manifest with its icons, opening on the members' home", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#3d2b45");
  const res = await page.request.get(href ?? "");
  expect(res.ok()).toBe(true);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: "The Club", start_url: "/member-home", display: "standalone" });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  const appleIcon = (await page.locator('link[rel="apple-touch-icon"]').getAttribute("href")) ?? "";
  // Each icon is a PNG of the size it says (decoded by the browser).
  for (const [src, sizes] of [
    ...manifest.icons.map((i) => [i.src, i.sizes] as const),
    [appleIcon, "180x180"] as const,
  ]) {
    const size = await page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, src);
    expect(size, src).toBe(sizes);
  }
  // Opened from the home screen without a session: Login, then the members' home.
  await page.goto(manifest.start_url);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmember-home$/);
});
