import { expect, test } from "@playwright/test";
import { atBothSizes, FOUNDING, signIn } from "../fixtures";
import { BASE_URL } from "../playwright.config";

const headers = { origin: BASE_URL, "content-type": "application/json" };

test("a busy event's comments come twenty at a time under the count of all of them", async ({ page }) => {
  await signIn(page, FOUNDING.email);
  const title = `Busy salon ${Date.now().toString(36)}`;
  const created = await page.request.post("/trpc/events.create", { headers, data: { json: { title } } });
  expect(created.ok(), await created.text()).toBe(true);
  const event = ((await created.json()) as { result: { data: { json: { id: string; slug: string } } } }).result.data
    .json;
  for (let i = 1; i <= 45; i++) {
    const posted = await page.request.post("/api/comments", {
      headers,
      data: { commentableId: event.id, content: `Thought number ${i}` },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
  }

  await page.goto(`/events/${event.slug}`);
  await page.getByRole("tab", { name: "Notes and Comments" }).click();
  const section = page.getByRole("region", { name: /^[\d,]+ Comments?$/ });
  await expect(section).toHaveAccessibleName("45 Comments");
  const items = section.getByRole("listitem");
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText("Thought number 45");
  const more = section.getByRole("button", { name: "Show more comments" });
  await atBothSizes(page, "comments-more", () => more.scrollIntoViewIfNeeded());

  await more.click();
  await expect(items).toHaveCount(40);
  await more.click();
  await expect(items).toHaveCount(45);
  await expect(items.last()).toContainText("Thought number 1");
  await expect(more).toHaveCount(0);

  // A comment posted goes on top and into the count, the pages already shown stay.
  await section.getByPlaceholder("Write a comment...").fill("And one from the page");
  await section.getByRole("button", { name: "Post" }).click();
  await expect(section).toHaveAccessibleName("46 Comments");
  await expect(items.first()).toContainText("And one from the page");
  await expect(items).toHaveCount(46);
  await atBothSizes(page, "comments-paged");
});
