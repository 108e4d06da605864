import { readFile } from "node:fs/promises";
import { inflateRawSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { ADMIN, createMember, DEMO_PASSWORD, expectAccessible, shoot, signIn } from "../fixtures";
import { linkTo, waitForMail } from "../mail";

const member = { email: "dora.data@club.local", name: "Dora Data" };

/** The name of a zip's first entry, read from its first local file header (PKZIP's layout). */
function firstEntryName(zip: Buffer): string {
  expect(zip.readUInt32LE(0)).toBe(0x04034b50);
  const length = zip.readUInt16LE(26);
  return zip.subarray(30, 30 + length).toString("utf8");
}

/**
 * data.json's text. Its sizes are in the central directory (the local header defers them to after
 * the data, which is written as it is read): the first central entry is data.json's, as it is the
 * zip's first file.
 */
function dataJson(zip: Buffer): string {
  const at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  expect(zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString("utf8")).toBe("data.json");
  const compressed = zip.readUInt32LE(at + 20);
  const local = zip.readUInt32LE(at + 42);
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  return inflateRawSync(zip.subarray(start, start + compressed)).toString("utf8");
}

test("a member asks for her data, is mailed when it is ready, and downloads the zip", async ({ page, request }) => {
  await createMember(request, member);
  await signIn(page, member.email, { to: "/settings/data" });
  const panel = page.locator("#your-data");
  await expect(panel.getByRole("heading", { name: "Your data" })).toBeVisible();
  await panel.getByRole("button", { name: "Download my data" }).click();
  // A copy of a new member's data takes a moment: "Preparing…" may already have given way to the link.
  const link = panel.getByRole("link", { name: /^Download \(/ });
  await expect(panel.getByText("Preparing… we will e-mail you when your copy is ready.").or(link)).toBeVisible();

  const mail = await waitForMail(member.email, /Your club data is ready to download/);
  // The mail links to the section itself: an address survives signing in, where `#your-data` did not.
  expect(linkTo(mail, "/settings")).toBe("/settings/data");

  // The panel asks again while the copy is prepared: the link appears without a reload.
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText(/Available until \w{3} \d{1,2}, \d{4} \d{2}:\d{2}\./)).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.scrollIntoViewIfNeeded();
  await shoot(panel, "settings-your-data");
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await shoot(panel, "settings-your-data-mobile");
  await page.setViewportSize({ width: 1280, height: 900 });

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^club-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await download.path())!);
  expect(firstEntryName(zip)).toBe("data.json");
  expect(JSON.parse(dataJson(zip)).profile).toMatchObject(member);

  // Someone else gets nothing from the same address, an admin included: it is not found for her.
  const href = (await link.getAttribute("href"))!;
  const headers = { origin: new URL(page.url()).origin, "content-type": "application/json" };
  await request.post("/login", { headers, data: { email: ADMIN.email, password: DEMO_PASSWORD } });
  expect((await request.get(href)).status()).toBe(404);
});
