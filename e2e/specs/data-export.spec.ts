import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { createMember, expectAccessible, signIn } from "../fixtures";
import { linkTo, waitForMail } from "../mail";

const member = { email: "dora.data@club.local", name: "Dora Data" };

/** The name of a zip's first entry, read from its first local file header (PKZIP's layout). */
function firstEntryName(zip: Buffer): string {
  expect(zip.readUInt32LE(0)).toBe(0x04034b50);
  const length = zip.readUInt16LE(26);
  return zip.subarray(30, 30 + length).toString("utf8");
}

test("a member asks for her data, is mailed when it is ready, and downloads the zip", async ({ page, request }) => {
  await createMember(request, member);
  await signIn(page, member.email);
  await page.goto("/settings");
  const panel = page.locator("#your-data");
  await expect(panel.getByRole("heading", { name: "Your data" })).toBeVisible();
  await panel.getByRole("button", { name: "Download my data" }).click();
  await expect(panel.getByText("Preparing… we will e-mail you when your copy is ready.")).toBeVisible();

  const mail = await waitForMail(member.email, /Your club data is ready to download/);
  expect(linkTo(mail, "/settings")).toBe("/settings");

  // The panel asks again while the copy is prepared: the link appears without a reload.
  const link = panel.getByRole("link", { name: /^Download \(/ });
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText(/Available until \w{3} \d{1,2}, \d{4} \d{2}:\d{2}\./)).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: "screenshots/settings-your-data.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: "screenshots/settings-your-data-mobile.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^club-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await download.path())!);
  expect(firstEntryName(zip)).toBe("data.json");
  expect(zip.toString("latin1")).toContain(member.email);

  // Someone else's browser gets nothing from the same address.
  const href = (await link.getAttribute("href"))!;
  const other = await request.get(href);
  expect(other.status()).toBe(401);
});
