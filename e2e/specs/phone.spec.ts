import { expect, type Locator, type Page, test } from "@playwright/test";
import { FOUNDING, shoot, signIn } from "../fixtures";

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
