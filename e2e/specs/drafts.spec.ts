import { expect, test } from "@playwright/test";
import { atBothSizes, expectAccessible, FOUNDING, STANDARD, signIn } from "../fixtures";
import { BASE_URL } from "../playwright.config";

const headers = { origin: BASE_URL, "content-type": "application/json" };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("a draft waits on the Schedule, seen by its creator alone, until she publishes it", async ({ page, browser }) => {
  const title = `Garden party ${Date.now().toString(36)}`;
  await signIn(page, FOUNDING.email);

  // From Events to her drafts, and a new one made with the events' wizard.
  await page.goto("/calendar");
  // One name: the link says where it leads.
  await page.getByRole("link", { name: "Schedule", exact: true }).click();
  await expect(page).toHaveURL(/\/activities-member$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schedule");
  await page.getByRole("button", { name: "Create Event" }).click();
  const wizard = page.getByRole("dialog", { name: "New draft" });
  await wizard.getByLabel("Title").fill(title);
  await wizard.getByRole("tab", { name: /Date & Location/ }).click();
  await wizard.getByLabel("Date").fill(inDays(30));
  await wizard.getByLabel("Start time").fill("18:30");
  await wizard.getByLabel("City", { exact: true }).fill("Boston");
  await wizard.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText(`"${title}" was saved as a draft.`)).toBeVisible();
  const row = page.getByRole("list", { name: "Drafts" }).getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("6:30 PM · Boston");
  await expectAccessible(page);
  await atBothSizes(page, "schedule-drafts");

  // It survives a reload: it is kept on the server, not on the page.
  await page.reload();
  await expect(row).toBeVisible();
  const href = await row.getByRole("link", { name: title }).getAttribute("href");
  const slug = href!.split("/").pop()!;

  // Another member finds it nowhere: not in Events, not by search, not by its address.
  const other = await browser.newContext({ baseURL: BASE_URL });
  const otherPage = await other.newPage();
  await signIn(otherPage, STANDARD.email, { to: `/calendar?q=${encodeURIComponent(title)}` });
  await expect(otherPage.getByText(`No events match "${title}".`)).toBeVisible();
  expect((await otherPage.request.get(`/api/events/${slug}`, { headers })).status()).toBe(404);
  await otherPage.goto(`/events/${slug}`);
  await expect(otherPage.getByRole("heading", { name: "Event not found" })).toBeVisible();
  // Nor does she herself see it among the events until it is published.
  await page.goto(`/calendar?q=${encodeURIComponent(title)}`);
  await expect(page.getByText(`No events match "${title}".`)).toBeVisible();

  // Published from the Schedule (it asks first), it opens on its page, and every member finds it.
  await page.goto("/activities-member");
  await row.getByRole("button", { name: "Publish" }).click();
  const confirm = page.getByRole("dialog", { name: `Publish "${title}"?` });
  await expect(confirm).toContainText("Every member will find it in Events");
  await confirm.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(`"${title}" is published.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/events/${slug}$`));
  await expect(page.getByRole("button", { name: "Draft Announcement Email" })).toBeVisible();
  await page.goto("/activities-member");
  await expect(page.getByText("No drafts yet.")).toBeVisible();

  await otherPage.goto(`/calendar?q=${encodeURIComponent(title)}`);
  await expect(otherPage.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  await other.close();

  // Tidy up: the demo data is shared by the specs.
  const event = await (await page.request.get(`/api/events/${slug}`, { headers })).json();
  await page.request.post("/trpc/events.delete", { headers, data: { json: { id: event.id } } });
});

test("a draft's own page: its details, Publish and Delete, and nothing to join or comment on", async ({ page }) => {
  const title = `Quiet supper ${Date.now().toString(36)}`;
  await signIn(page, FOUNDING.email);
  const res = await page.request.post("/trpc/events.create", {
    headers,
    data: { json: { title, event_date: inDays(40), draft: true } },
  });
  const { slug } = (await res.json()).result.data.json as { slug: string };
  await page.goto(`/events/${slug}`);
  await expect(page.getByText("A draft: only its creator and the admins can see it.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Join Event" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Notes and Comments" })).toHaveCount(0);
  await atBothSizes(page, "draft-page");

  await page.getByRole("button", { name: "Delete Draft" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, Delete" }).click();
  await expect(page.getByText(`The draft "${title}" was deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/activities-member$/);
});
