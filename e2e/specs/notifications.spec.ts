import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { atBothSizes, createMember, expectAccessible, signIn } from "../fixtures";
import { BASE_URL } from "../playwright.config";

const photo = readFileSync(join(import.meta.dirname, "../../apps/web/src/assets/hero/hero-poster.webp"));
const headers = { origin: BASE_URL, "content-type": "application/json" };

/** A tRPC mutation as the member signed in on `request`: its data. */
async function mutate<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.post(`/trpc/${path}`, { headers, data: { json: input } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data.json as T;
}

test("Bea comments on Ana's photo and likes her comment: Ana's bell and her open photo change without a reload", async ({
  page,
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const ana = { email: `ana-news-${tag}@club.test`, name: `Ana News ${tag}` };
  const bea = { email: `bea-news-${tag}@club.test`, name: `Bea News ${tag}` };
  await createMember(request, ana);
  await createMember(request, bea);

  await signIn(page, ana.email);
  const upload = await page.request.post("/upload-media", {
    headers: { origin: BASE_URL },
    multipart: { media: { name: `harbour-${tag}.webp`, mimeType: "image/webp", buffer: photo } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const item = (await upload.json()) as { id: string };
  // She titles it (an upload is untitled until she does): the bell names it by its title.
  await mutate(page.request, "media.update", { id: item.id, name: `Harbour ${tag}` });
  const hers = await mutate<{ id: string }>(page.request, "comments.create", {
    commentableId: item.id,
    content: "Thoughts welcome",
  });

  // Ana has her photo open; her bell has nothing to say.
  await page.goto(`/gallery?media=${item.id}`);
  const modal = page.getByRole("dialog");
  await expect(modal.getByText("Thoughts welcome")).toBeVisible();
  // The open photo is a modal: the header is out of the accessibility tree meanwhile, so the bell is
  // found by its address, and read by its label.
  const bell = page.locator('header a[href="/notifications"]').first();
  await expect(bell).toHaveAttribute("aria-label", "Notifications");

  // Bea, in a browser of her own.
  const other = await browser.newContext({ baseURL: BASE_URL });
  const beaPage = await other.newPage();
  await signIn(beaPage, bea.email);
  await mutate(beaPage.request, "comments.create", { commentableId: item.id, content: "Gorgeous light" });

  // Without a reload: the comment on her open photo, and the bell at 1.
  await expect(modal.getByText("Gorgeous light")).toBeVisible();
  await expect(bell).toHaveAttribute("aria-label", "Notifications, 1 unread");
  await mutate(beaPage.request, "comments.like", { id: hers.id });
  await expect(bell).toHaveAttribute("aria-label", "Notifications, 2 unread");
  // The like shows on her open photo too.
  await expect(modal.getByRole("button", { name: "1 like", exact: true })).toBeVisible();
  await atBothSizes(page, "notifications-bell");

  // The list: newest first, each leading to its place; read one, then all.
  await page.keyboard.press("Escape");
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const lines = page.getByRole("main").getByRole("listitem");
  await expect(lines.nth(0)).toContainText(`${bea.name} liked your comment on “Harbour ${tag}”`);
  await expect(lines.nth(1)).toContainText(`${bea.name} commented on your photo “Harbour ${tag}”`);
  await expectAccessible(page);
  await atBothSizes(page, "notifications-list");
  await page.getByRole("button", { name: `Mark read: ${bea.name} liked your comment on “Harbour ${tag}”` }).click();
  await expect(bell).toHaveAttribute("aria-label", "Notifications, 1 unread");
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("All marked as read.")).toBeVisible();
  await expect(bell).toHaveAttribute("aria-label", "Notifications");
  await lines.nth(1).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/gallery\\?media=${item.id}`));

  // Settings → Notifications: likes out of the bell, a weekly digest.
  await page.goto("/settings/email");
  const likesInApp = page.getByLabel("Likes on your comments: in the app");
  await expect(likesInApp).toBeEnabled();
  await likesInApp.uncheck();
  await page.getByLabel("E-mail digest").selectOption("weekly");
  await page.getByRole("button", { name: "Save notification choices" }).click();
  await expect(page.getByText("Your notification choices are saved.")).toBeVisible();
  await atBothSizes(page, "settings-notifications");
  await mutate(beaPage.request, "comments.unlike", { id: hers.id });
  await mutate(beaPage.request, "comments.like", { id: hers.id });
  // The like is kept for her digest, but neither the bell nor the list tells it.
  await page.goto("/notifications");
  await expect(page.getByRole("main").getByText(/commented on your photo/)).toBeVisible();
  await expect(page.getByRole("main").getByText(/liked your comment/)).toHaveCount(0);
  await expect(bell).toHaveAttribute("aria-label", "Notifications");
  await other.close();
});
