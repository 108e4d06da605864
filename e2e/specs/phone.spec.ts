import { expect, type Locator, type Page, test } from "@playwright/test";
import { createMember, expectAccessible, FOUNDING, shoot, signIn, takenOver } from "../fixtures";

// A member on a phone (390×844) and at a desk (1280×900): what she came for is on the first
// screen, nothing runs off the side, and no field grabs the focus (a phone's keyboard would cover
// the page).
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The top of `target`, in the page (not the window): where it sits from the page's top. */
async function topOf(target: Locator): Promise<number> {
  return target.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

test("her own photo's details focus the dialog, not a field, and on a phone its comments come before the form", async ({
  page,
}) => {
  await signIn(page, FOUNDING.email);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto("/gallery");
    await page.getByRole("button", { name: /^Open Photo: Tea in the Orangery/ }).click();
    const modal = page.getByRole("dialog", { name: "Tea in the Orangery" });
    await expect(modal.getByLabel("New tag")).toBeVisible();
    // The dialog itself has the focus: no field, so no keyboard over the photo.
    await expect(modal).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.matches("input, textarea, select") ?? false)).toBe(false);
    const comment = modal.getByLabel("Write a comment");
    await expect(comment).toBeVisible();
    const photo = modal.getByRole("img", { name: /Tea in the Orangery/ });
    if (size === PHONE) {
      // The photo, then its comments, then the form to edit it.
      expect(await topOf(photo)).toBeLessThan(await topOf(comment));
      expect(await topOf(comment)).toBeLessThan(await topOf(modal.getByLabel("New tag")));
      await expectNoSidewaysScroll(page);
      await shoot(page, "phone-photo-details-mobile");
    } else {
      // At a desk the form sits beside the photo, the comments under both.
      expect(await topOf(modal.getByLabel("New tag"))).toBeLessThan(await topOf(comment));
      await shoot(page, "phone-photo-details-desktop");
    }
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
  }
});

test("an event's Join and Leave sit under its title on a phone, and its tabs keep to one line", async ({
  page,
  request,
}) => {
  const stamp = `${Date.now()}`;
  const email = `phone-${stamp}@club.local`;
  await createMember(request, { email, name: `Phoebe ${stamp}` });
  await signIn(page, email);
  await page.setViewportSize(PHONE);
  await page.goto("/events/short-film-screening");
  await takenOver(page);
  const tabs = page.getByRole("tablist", { name: "Event" });
  const join = page.getByRole("button", { name: "Join Event" });
  // One Join on the screen, on the first screen, above the tabs.
  await expect(join).toHaveCount(1);
  const joinBox = (await join.boundingBox())!;
  expect(joinBox.y + joinBox.height).toBeLessThanOrEqual(PHONE.height);
  expect(joinBox.y).toBeLessThan((await tabs.boundingBox())!.y);
  // The tabs are one line (each starts at the same height), which scrolls sideways, not the page.
  const tops = await page.getByRole("tab").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expectNoSidewaysScroll(page);
  await shoot(page, "phone-event-mobile");

  await join.click();
  const welcome = page.getByRole("dialog", { name: "Welcome to Short Film Screening!" });
  await welcome.getByRole("button", { name: "Close" }).click();
  const leave = page.getByRole("button", { name: "Leave Event" });
  await expect(leave).toHaveCount(1);
  expect((await leave.boundingBox())!.y).toBeLessThan((await tabs.boundingBox())!.y);
  // The last tab opens from the line, scrolled to it; Leave is still the one at the top.
  await page.getByRole("tab", { name: "Notes and Comments" }).click();
  await expect(page).toHaveURL(/\?tab=notes$/);
  await page.getByRole("tab", { name: "Participation" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: `Phoebe ${stamp}(You)` })).toBeVisible();
  await expect(leave).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await shoot(page, "phone-event-participation-mobile");
  await expectAccessible(page);

  // At a desk, Join and Leave are among the Details tab's buttons as before, and the tabs fit.
  await page.setViewportSize(DESKTOP);
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(leave).toHaveCount(1);
  expect((await leave.boundingBox())!.y).toBeGreaterThan((await tabs.boundingBox())!.y);
  expect(await tabs.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await shoot(page, "phone-event-desktop");
  await leave.click();
  await page
    .getByRole("dialog", { name: "Are you sure you want to leave?" })
    .getByRole("button", { name: "Yes, Leave" })
    .click();
  await expect(page.getByRole("button", { name: "Join Event" })).toHaveCount(1);
});

test("Settings → Profile: the talent's Add button stays inside its card on a phone", async ({ page }) => {
  await signIn(page, FOUNDING.email);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto("/settings/profile");
    await takenOver(page);
    const card = page
      .locator("div")
      .filter({ has: page.getByRole("heading", { name: "About you", exact: true }) })
      .last();
    const add = card.getByRole("button", { name: "Add", exact: true });
    const field = card.getByLabel("Add a talent");
    await expect(add).toBeVisible();
    const cardBox = (await card.boundingBox())!;
    const addBox = (await add.boundingBox())!;
    // Inside the card, padding and all (the card's padding is 24 px).
    expect(addBox.x + addBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width - 23);
    // Beside the field, on its line.
    expect(Math.abs(addBox.y - (await field.boundingBox())!.y)).toBeLessThanOrEqual(4);
    await expectNoSidewaysScroll(page);
    await add.scrollIntoViewIfNeeded();
    await shoot(page, `phone-talents-${size === PHONE ? "mobile" : "desktop"}`);
  }
});
