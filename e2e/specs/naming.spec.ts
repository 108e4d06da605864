import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { atBothSizes, chooseFiles, createMember, expectAccessible, signIn, takenOver, titleUpload } from "../fixtures";
import { writePhoto } from "../shipped/files";

const dir = mkdtempSync(join(tmpdir(), "club-e2e-naming-"));
function photo(name: string, colour: string): string {
  const out = join(dir, name);
  writePhoto(out, colour);
  return out;
}
/** An untitled photo's name: its kind and the day it was uploaded, whatever the day. */
const UNTITLED = /Photo, \d{1,2} [A-Z][a-z]+( \d{4})?/;

test("she titles a photo as it uploads straight into her showcase, and names an untitled one later", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const member = { email: `nina-${stamp}@club.local`, name: `Nina ${stamp}` };
  await createMember(request, member);
  await signIn(page, member.email);
  // A new member's home welcomes her with four first steps.
  await page.goto("/member-home");
  const welcome = page.getByRole("region", { name: "Welcome to the club" });
  await expect(welcome).toContainText("0 of 4 done");
  await expect(welcome.getByRole("link", { name: "Share your first photo or video" })).toHaveAttribute(
    "href",
    "/gallery",
  );
  await atBothSizes(page, "welcome-checklist");
  await page.goto("/settings/profile");
  await takenOver(page);

  // Into her showcase from Settings → Profile, titled and captioned while it uploads.
  await chooseFiles(page, "Upload to your showcase", photo("IMG_2041.png", "green"));
  const uploads = page.getByRole("region", { name: "Uploads" });
  await titleUpload(page, "IMG_2041.png", "Green field");
  await uploads.getByLabel("Caption of IMG_2041.png").fill("Oil on linen, 2026");
  await uploads.getByLabel("Caption of IMG_2041.png").blur();
  await expect(page.getByText("Your showcase (1 of 12)")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Move Green field earlier" })).toBeVisible();
  await atBothSizes(page, "showcase-upload", () => uploads.scrollIntoViewIfNeeded());
  await page.getByRole("button", { name: "Save showcase" }).click();
  await expect(page.getByText("Your showcase is saved.")).toBeVisible();

  // One sent without a title: it is never called by its file's name.
  await chooseFiles(page, "Upload to your showcase", photo("DSC_0007.png", "orange"));
  await expect(page.getByText("Your showcase (2 of 12)")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Save showcase" }).click();
  await expect(page.getByText("Your showcase is saved.")).toBeVisible();

  // Her first photo is shared: that step is ticked.
  await page.goto("/member-home");
  await expect(welcome).toContainText("1 of 4 done");
  await expect(welcome.getByText("Share your first photo or video (done)")).toBeVisible();

  // In the gallery: the title she gave, the caption as its description; the other by its day.
  await page.goto("/gallery");
  await page.getByRole("button", { name: "Open Photo: Green field" }).click();
  const titled = page.getByRole("dialog", { name: "Green field" });
  await expect(titled.getByText("Oil on linen, 2026")).toBeVisible();
  await page.keyboard.press("Escape");
  const untitled = page.getByRole("button", { name: new RegExp(`^Open ${UNTITLED.source}$`) }).first();
  await untitled.click();
  const details = page.getByRole("dialog", { name: "Media Details" });
  await expect(details.getByLabel("Title")).toHaveValue("");
  await expect(details.getByText("DSC_0007")).toHaveCount(0);
  await expectAccessible(page);
  await atBothSizes(page, "media-untitled");

  // Renamed later, from its details.
  await details.getByLabel("Title").fill("Amber hour");
  await details.getByRole("button", { name: "Save & Close" }).click();
  await expect(page.getByRole("button", { name: "Open Photo: Amber hour" })).toBeVisible();
  await page.getByRole("button", { name: "Open Photo: Amber hour" }).click();
  await expect(page.getByRole("dialog", { name: "Amber hour" })).toBeVisible();
});
