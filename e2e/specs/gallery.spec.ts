import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  chooseFiles,
  createMember,
  expectAccessible,
  FOUNDING,
  screenshot,
  shoot,
  signIn,
  titleUpload,
} from "../fixtures";
import { BASE_URL } from "../playwright.config";

// With motion, as most members see the club: its dialogs, lightbox and toasts animate in and out
// (the other specs ask for less motion; playwright.config.ts says why).
test.use({ reducedMotion: "no-preference" });

const photo = join(import.meta.dirname, "../../apps/web/src/assets/hero/hero-poster.webp");
const clip = join(import.meta.dirname, "../../apps/server/src/test/fixtures/clip.mp4");

test("upload, tag, associate, filter, deep-link, lightbox, comment and delete", async ({ page }) => {
  await signIn(page, FOUNDING.email, { to: "/gallery" });
  await expect(page.getByRole("heading", { name: "Media Gallery" })).toBeVisible();
  await chooseFiles(page, "+ Upload Media", photo);
  // She names it as it uploads: its title is hers, not the file's.
  await titleUpload(page, "hero-poster.webp", "Silk poster");
  await expect(page.getByRole("button", { name: "Open Photo: Silk poster" })).toBeVisible();
  // A blurred preview (ThumbHash) behind the tile, and the copies the browser picks from by width.
  const photoTile = page.getByRole("button", { name: "Open Photo: Silk poster" });
  await expect(photoTile).toHaveAttribute("style", /background-image: url\("?data:image\/png;base64,/);
  await expect(photoTile.locator("img")).toHaveAttribute(
    "srcset",
    /\/thumb\.webp 480w, \/media\/[^ ]+\/display\.webp 960w$/,
  );
  await chooseFiles(page, "+ Upload Media", clip);
  await titleUpload(page, "clip.mp4", "Evening clip");
  await expect(page.getByRole("button", { name: "Open Video: Evening clip" })).toBeVisible();

  await page.getByRole("button", { name: "Open Photo: Silk poster" }).click();
  await expect(page).toHaveURL(/\?media=/);
  const mediaUrl = page.url();
  const modal = page.getByRole("dialog", { name: "Silk poster" });
  await expect(modal.getByText(/^Uploaded by Fiona Founding on /)).toBeVisible();
  await modal.getByText("No description provided. Double-click to edit.").dblclick();
  await modal.getByLabel("Description").fill("Silk in low light");
  await modal.getByRole("button", { name: "Save Description" }).click();
  await expect(modal.getByText("Silk in low light")).toBeVisible();
  await modal.getByLabel("New tag").fill("Silk");
  await modal.getByRole("button", { name: "Add" }).click();
  await modal.getByLabel("Associated event").selectOption({ label: "Poetry Reading Salon" });

  await modal.getByLabel("Write a comment").focus();
  await expect(modal.getByRole("button", { name: "Post" })).toBeDisabled();
  await modal.getByLabel("Write a comment").fill("   ");
  await expect(modal.getByRole("button", { name: "Post" })).toBeDisabled();
  await modal.getByLabel("Write a comment").fill("Beautiful colours");
  await expect(modal.getByRole("button", { name: "Post" })).toBeEnabled();
  await modal.getByRole("button", { name: "Post" }).click();
  await expect(modal.getByText("1 Comment")).toBeVisible();
  await modal.getByRole("button", { name: "0 likes" }).click();
  await expect(modal.getByRole("button", { name: "1 like" })).toHaveAttribute("aria-pressed", "true");
  await modal.getByRole("button", { name: "Edit" }).click();
  await modal.getByLabel("Edit comment").fill("Beautiful colours!");
  await modal.getByRole("button", { name: "Save", exact: true }).click();
  await expect(modal.getByText("Beautiful colours!")).toBeVisible();
  // Deleting a comment asks first; Cancel keeps it.
  await modal.getByRole("button", { name: "Delete", exact: true }).click();
  const confirmComment = page.getByRole("dialog", { name: "Delete this comment?" });
  await confirmComment.getByRole("button", { name: "Cancel" }).click();
  await expect(modal.getByText("Beautiful colours!")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "media-modal");
  await modal.getByRole("button", { name: "Save & Close" }).click();
  await expect(page).not.toHaveURL(/\?media=/);

  // Tags are found by their start, in any case, and the search is in the address.
  await page.getByPlaceholder("Search by tags...").fill("SIL");
  await expect(page).toHaveURL(/tag=SIL/);
  await expect(page.getByRole("button", { name: /^Open / })).toHaveCount(1);
  await expect(page.locator("#tag-suggestions option")).toHaveAttribute("value", "silk");
  await page.reload();
  await expect(page.getByPlaceholder("Search by tags...")).toHaveValue("SIL");
  await expect(page.getByRole("button", { name: /^Open / })).toHaveCount(1);
  await page.getByPlaceholder("Search by tags...").fill("");
  await page.getByLabel("Event").selectOption({ label: "Poetry Reading Salon" });
  await expect(page).toHaveURL(/event=/);
  await expect(page.getByRole("button", { name: /^Open / })).toHaveCount(1);
  await page.getByLabel("Event").selectOption({ label: "All Events" });

  await page.goto(mediaUrl);
  await expect(page.getByRole("dialog", { name: "Silk poster" })).toBeVisible();
  await page.getByRole("button", { name: "Fullscreen" }).click();
  await expect(page.locator(".yarl__root")).toBeVisible();
  // + and - zoom (Zoom out is only possible once zoomed in).
  const zoomOut = page.getByRole("button", { name: "Zoom out" });
  await expect(zoomOut).toBeDisabled();
  await expect(page.getByRole("button", { name: "Zoom in" })).toBeEnabled();
  await page.keyboard.press("+");
  await expect(zoomOut).toBeEnabled();
  await page.keyboard.press("-");
  await expect(zoomOut).toBeDisabled();
  // t hides and shows the thumbnails.
  const thumbnails = page.locator(".yarl__thumbnails_track");
  await expect(thumbnails).toBeVisible();
  await page.keyboard.press("t");
  await expect(thumbnails).toBeHidden();
  await page.keyboard.press("t");
  await expect(thumbnails).toBeVisible();
  // Space starts and stops the slideshow.
  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  // The heart likes the item shown, and the arrows still answer after it.
  const heart = page.getByRole("button", { name: /^Like \(/ });
  await heart.click();
  await expect(page.getByRole("button", { name: /^Unlike \(/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("lightbox-like-count")).not.toHaveText("0");
  await shoot(page, "lightbox-heart");
  // The arrows move to the next item and back.
  const current = page.locator(".yarl__slide_current");
  const first = await current.innerHTML();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => current.innerHTML()).not.toBe(first);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => current.innerHTML()).toBe(first);
  // Back on the item she liked, the heart says so.
  await expect(page.getByRole("button", { name: /^Unlike \(/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.locator(".yarl__root")).toHaveCount(0);

  await page.goto("/events/poetry-reading-salon");
  await page.getByRole("tab", { name: "Images" }).click();
  await expect(page.getByRole("button", { name: "Open Photo: Silk poster" })).toBeVisible();
  // The event's photos in one zip, and one photo under its title.
  const zip = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download all (1)" }).click();
  expect((await zip).suggestedFilename()).toBe("poetry-reading-salon-photos.zip");
  expect(
    readFileSync(await (await zip).path())
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");
  await page.getByRole("button", { name: "Open Photo: Silk poster" }).click();
  const one = page.waitForEvent("download");
  await page.getByRole("dialog").getByRole("link", { name: "Download" }).click();
  expect((await one).suggestedFilename()).toBe("Silk poster.webp");
  await page.keyboard.press("Escape");
  await page.getByRole("tab", { name: "Notes and Comments" }).click();
  await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();

  await page.goto("/gallery");
  await page.getByRole("button", { name: "Manage Media" }).click();
  await expect(page.getByRole("button", { name: "Delete Selected" })).toBeDisabled();
  await page.getByRole("button", { name: "Select Video: Evening clip" }).click();
  await page.getByRole("button", { name: "Delete Selected" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete 1 item?" });
  await expect(confirm.getByText("This cannot be undone")).toBeVisible();
  await screenshot(page, "gallery-confirm-delete");
  await confirm.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(page.getByText("Deleted 1 item(s).")).toBeVisible();
  await expect(page.getByRole("button", { name: "Manage Media" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open Video: Evening clip" })).toHaveCount(0);
  await screenshot(page, "gallery");
});

test("visitors cannot see the gallery, and another member cannot edit an item", async ({ page }) => {
  await page.goto("/gallery");
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, "standard@club.local", { to: "/gallery" });
  await page.getByRole("button", { name: /^Open Photo: Tea in the Orangery/ }).click();
  const modal = page.getByRole("dialog");
  await expect(modal.getByText("Tea in the Orangery, from the club's gallery.")).toBeVisible();
  await expect(modal.getByLabel("New tag")).toHaveCount(0);
  await expect(modal.getByLabel("Associated event")).toBeDisabled();
  await page.keyboard.press("Escape");
  // In manage mode she may select only what she may delete; the others say why.
  await page.getByRole("button", { name: "Manage Media" }).click();
  const others = page.getByRole("button", { name: /^Select Photo: Tea in the Orangery/ });
  await expect(others).toHaveAttribute("aria-disabled", "true");
  await expect(others).toHaveAttribute("title", "Only Fiona Founding or an admin can delete this item.");
  await others.click({ force: true });
  await expect(page.getByRole("button", { name: "Delete Selected" })).toBeDisabled();
  const mine = page.getByRole("button", { name: /^Select Photo: Watercolour florals/ });
  await mine.click();
  await expect(page.getByRole("button", { name: /^Deselect Photo: Watercolour florals/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("button", { name: "Delete Selected" })).toBeEnabled();
  await screenshot(page, "gallery-manage");
});

for (const [label, size] of [
  ["desktop", { width: 1280, height: 900 }],
  ["mobile", { width: 390, height: 844 }],
] as const) {
  test(`a member likes another's photo: the count shows, and the uploader's bell tells it (${label})`, async ({
    page,
    browser,
    request,
  }) => {
    const tag = `${label}-${Date.now().toString(36)}`;
    const ana = { email: `ana-likes-${tag}@club.test`, name: `Ana Likes ${tag}` };
    const bea = { email: `bea-likes-${tag}@club.test`, name: `Bea Likes ${tag}` };
    await createMember(request, ana);
    await createMember(request, bea);

    // Ana's painting.
    await page.setViewportSize(size);
    await signIn(page, ana.email);
    const upload = await page.request.post("/upload-media", {
      headers: { origin: BASE_URL },
      multipart: {
        media: { name: `painting-${tag}.webp`, mimeType: "image/webp", buffer: readFileSync(photo) },
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const item = (await upload.json()) as { id: string };
    // Ana has it open while Bea likes it.
    await page.goto(`/gallery?media=${item.id}`);
    const anasCount = page.getByRole("dialog", { name: "Media Details" }).getByTestId("media-like-count");
    await expect(anasCount).toContainText("No likes");

    // Bea, in a browser of her own, likes it on its details.
    const other = await browser.newContext({ baseURL: BASE_URL, viewport: size });
    const beaPage = await other.newPage();
    await signIn(beaPage, bea.email, { to: `/gallery?media=${item.id}` });
    // Sent untitled: its details are headed "Media Details", never the file's name.
    const modal = beaPage.getByRole("dialog", { name: "Media Details" });
    const count = modal.getByTestId("media-like-count");
    await expect(count).toContainText("No likes");
    await modal.getByRole("button", { name: "Like", exact: true }).click();
    const unlike = modal.getByRole("button", { name: "Unlike", exact: true });
    await expect(unlike).toHaveAttribute("aria-pressed", "true");
    await expect(count).toContainText("1 like");
    // Ana's open page counts it as it happens, with no reload.
    await expect(anasCount).toContainText("1 like");
    await expectAccessible(beaPage);
    await shoot(beaPage, `media-like-${label}`);
    // Still hers after a reload (the server's answer, not only the page's).
    await beaPage.reload();
    await expect(beaPage.getByRole("dialog").getByRole("button", { name: "Unlike", exact: true })).toBeVisible();
    await expect(beaPage.getByRole("dialog").getByTestId("media-like-count")).toContainText("1 like");

    // Ana's bell tells her, and her own photo shows the count without her like.
    await page.goto("/notifications");
    const bell = page.locator('header a[href="/notifications"]').first();
    await expect(bell).toHaveAttribute("aria-label", "Notifications, 1 unread");
    await expect(page.getByRole("main").getByRole("listitem").first()).toContainText(
      new RegExp(`${bea.name} liked your photo of \\d{1,2} [A-Z][a-z]+`),
    );
    await shoot(page, `media-like-bell-${label}`);
    await page.goto(`/gallery?media=${item.id}`);
    const hers = page.getByRole("dialog", { name: "Media Details" });
    await expect(hers.getByTestId("media-like-count")).toContainText("1 like");
    await expect(hers.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "false");
    // Its tile in the gallery shows the heart and the count, and says them to a screen reader.
    await page.keyboard.press("Escape");
    const tile = page.getByRole("button", { name: /^Open Photo, .+, 1 like$/ }).first();
    await expect(tile.getByTestId("tile-likes")).toHaveText("♥ 1");
    await shoot(page, `media-tile-likes-${label}`);
    await other.close();
  });
}
