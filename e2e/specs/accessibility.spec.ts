import { expect, type Page, test } from "@playwright/test";
import { ADMIN, expectAccessible, signIn, takenOver } from "../fixtures";

/**
 * axe on every screen, at a desktop size and a phone size, as a visitor and as an admin (who sees
 * every members' and admin screen): no serious or critical violation.
 */
const sizes = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const publicScreens = [
  "/",
  "/home",
  "/about",
  "/membership",
  "/activities",
  "/login",
  "/request",
  "/forgot-password",
  "/no-permission",
  "/privacy-policy",
  "/terms-of-service",
  "/contact",
  "/no/such/page",
];
const memberScreens = [
  "/member-home",
  "/calendar",
  "/calendar?view=month",
  // A month that starts and ends mid-week, whatever month the suite runs in: the grid draws days of
  // both neighbouring months (in a month that showed none, their contrast went unchecked).
  "/calendar?view=month&month=2027-09",
  "/events/poetry-reading-salon",
  "/events/poetry-reading-salon?tab=participation",
  "/events/poetry-reading-salon?tab=images",
  "/events/poetry-reading-salon?tab=notes",
  "/gallery",
  "/travel",
  "/travel/trips",
  "/travel/hosting",
  "/settings",
  "/activities-member",
  "/admin",
  "/applications",
  "/users",
  "/mail",
  "/invitation-codes",
  "/outbox",
  "/jobs",
  "/messages",
  "/admin/reports",
];

// The screens in parts of about six, each its own test, and this file's tests spread over the
// workers: the file took five and a half minutes on one worker while the other had finished.
test.describe.configure({ mode: "parallel" });
const PART = 6;
const memberParts = Array.from({ length: Math.ceil(memberScreens.length / PART) }, (_, i) =>
  memberScreens.slice(i * PART, (i + 1) * PART),
);

/**
 * The screen open in the page, judged at each size in turn: the window is resized, not the screen
 * loaded again. The app lays itself out for a size with CSS (and the few parts that ask the window,
 * by listening for its changes), so a screen resized is the screen a phone loads; loading each
 * screen twice, with its data and its start, was a third of this file's time.
 */
async function accessibleAtEverySize(page: Page, path: string): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await test.step(`${path} (${size.name})`, () => expectAccessible(page));
  }
}

test(`every public screen passes axe, at a desktop's size and a phone's`, async ({ page }) => {
  // axe's analysis is CPU work: a budget per screen and size, which a busy machine needs.
  test.setTimeout(publicScreens.length * sizes.length * 15_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const path of publicScreens) {
    await page.setViewportSize(sizes[0]);
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    await accessibleAtEverySize(page, path);
  }
});

for (const [index, part] of memberParts.entries()) {
  test(`every members' and admin screen passes axe at both sizes (part ${index + 1} of ${memberParts.length})`, async ({
    page,
  }) => {
    test.setTimeout(30_000 + part.length * sizes.length * 25_000);
    // No colour half-way through a transition (a button enabled as the page starts) when axe reads it.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signIn(page, ADMIN.email);
    for (const path of part) {
      await page.setViewportSize(sizes[0]);
      await page.goto(path);
      // The screen itself, not its loading state.
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator("h1")).not.toHaveText(/^Loading/);
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await accessibleAtEverySize(page, path);
    }
  });
}

test("with less motion asked for, a button enabled shows its colours at once, not a frame later", async ({ page }) => {
  // The group e-mail's Send button is enabled as its part of the page starts; axe, reading its
  // colours in that frame, measured the disabled half-transparent plum (seen twice on /mail in CI).
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/login");
  await takenOver(page);
  const colours = await page.getByRole("button", { name: "Login", exact: true }).evaluate(async (button) => {
    const enabled = getComputedStyle(button).backgroundColor;
    button.setAttribute("disabled", "");
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const disabled = getComputedStyle(button).backgroundColor;
    button.removeAttribute("disabled");
    // The style as it is read right after the change, as axe reads it.
    return { enabled, disabled, after: getComputedStyle(button).backgroundColor };
  });
  expect(colours.disabled).not.toBe(colours.enabled);
  expect(colours.after).toBe(colours.enabled);
});
