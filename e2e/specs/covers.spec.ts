import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { atBothSizes, chooseFiles, expectAccessible, signIn } from "../fixtures";
import { writePhoto } from "../shipped/files";

test("a host picks her event's cover from the gallery, changes it by uploading a photo, and members see it", async ({
  page,
  request,
}) => {
  const title = `Lantern Supper ${Date.now().toString(36)}`;
  await signIn(page, "host@club.local", { to: "/calendar" });
  await page.getByRole("button", { name: "Create Event" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Supper by lantern light in the walled garden.");
  await expect(dialog.getByText("No cover yet")).toBeVisible();

  // From the gallery's photos every member sees: the demo's "Harbour at dawn".
  await dialog.getByRole("button", { name: "Choose from the gallery" }).click();
  await dialog.getByRole("button", { name: "Harbour at dawn" }).click();
  const cover = dialog.getByRole("img", { name: "The event's cover" });
  await expect(cover).toBeVisible();
  await expect(cover).toHaveJSProperty("complete", true);
  await atBothSizes(page, "event-cover-chosen");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Date").fill("2027-09-10");
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(dialog).toBeHidden();

  // Her card shows it, and so does the event's page, to another member.
  await page.context().clearCookies();
  await signIn(page, "standard@club.local", { to: `/calendar?q=${encodeURIComponent(title)}` });
  const card = page.getByRole("link").filter({ hasText: title });
  await expect(card.locator("img")).toHaveAttribute("src", /^\/media\/.+\/medium\./);
  await atBothSizes(page, "event-cover-card");
  await card.click();
  const banner = page.locator("main img").first();
  await expect(banner).toHaveAttribute("src", /^\/media\/.+\/display\./);
  await expect(banner).toHaveJSProperty("complete", true);
  const first = await banner.getAttribute("src");
  await expectAccessible(page);
  await atBothSizes(page, "event-cover-page");
  const url = page.url();

  // Shared in a chat, its link's preview (fetched with no session) shows the club, never the event.
  const preview = await (await request.get(url)).text();
  expect(preview).toContain('<meta property="og:title" content="The Club"');
  expect(preview).toMatch(/property="og:image" content="https?:\/\/[^"/]+\/icons\/icon-512\.png"/);
  expect(preview).not.toContain(title);

  // Changed by uploading a photo from the wizard: it becomes the cover once stored.
  await page.context().clearCookies();
  await signIn(page, "host@club.local", { to: url });
  await page.getByRole("button", { name: "Edit Details" }).click();
  const photo = join(mkdtempSync(join(tmpdir(), "club-e2e-cover-")), "lanterns.png");
  writePhoto(photo, "darkorange");
  const inForm = dialog.getByRole("img", { name: "The event's cover" });
  const before = await inForm.getAttribute("src");
  await chooseFiles(page, "Upload a photo", photo);
  await expect(inForm).not.toHaveAttribute("src", before ?? "", { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("main img").first()).not.toHaveAttribute("src", first ?? "");

  // Taken away: the page opens on its colour again.
  await page.getByRole("button", { name: "Edit Details" }).click();
  await dialog.getByRole("button", { name: "Remove cover" }).click();
  await expect(dialog.getByText("No cover yet")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("main img[src^='/media/']")).toHaveCount(0);
});
