import { expect, type Page, test } from "@playwright/test";
import { atBothSizes, expectAccessible, STANDARD, signIn } from "../fixtures";
import { BASE_URL } from "../playwright.config";

const HOST = "host@club.local";

/** The second Tuesday of the month `ahead` months from now (yyyy-MM-dd). */
function secondTuesday(ahead: number): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
  const firstTuesday = 1 + ((2 - first.getUTCDay() + 7) % 7);
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), firstTuesday + 7)).toISOString().slice(0, 10);
}

/** "Mar 10, 2026", as the cards and the series' list write a date. */
const cardDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  });

const seriesList = (page: Page) => page.getByRole("list", { name: "Dates of the series" });

test("a host makes a monthly series, edits it from its third date on, and a member joins it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Book circle ${Date.now().toString(36)}`;
  // Next month's second Tuesday and the five after it.
  const dates = [1, 2, 3, 4, 5, 6].map(secondTuesday);
  const [first = "", , third = ""] = dates;
  await signIn(page, HOST);

  // The wizard: the Repeats field under the date, "monthly on the second Tuesday, 6 times".
  await page.goto("/calendar");
  await page.getByRole("button", { name: "Create Event" }).click();
  const wizard = page.getByRole("dialog", { name: "Create Event" });
  await wizard.getByLabel("Title").fill(title);
  await wizard.getByLabel("Description").fill("We read a novel a month and talk it over tea.");
  await wizard.getByRole("tab", { name: /Date & Location/ }).click();
  await wizard.getByLabel("Date").fill(first);
  await wizard.getByLabel("Start time").fill("18:30");
  await wizard.getByLabel("End time").fill("20:30");
  await wizard.getByLabel("Address").fill("12 Beacon Street");
  await wizard.getByLabel("City", { exact: true }).fill("Boston");
  const repeats = wizard.getByRole("group", { name: "Repeats" });
  await expect(repeats.getByRole("radio", { name: "Never" })).toBeChecked();
  await repeats.getByText("Monthly", { exact: true }).click();
  await expect(repeats.getByRole("radio", { name: "Monthly" })).toBeChecked();
  await wizard.getByRole("radio", { name: "On the second Tuesday" }).check();
  await expect(wizard.getByRole("radio", { name: "After" })).toBeChecked();
  await expect(wizard.getByLabel("Number of times")).toHaveValue("6");
  const sentence = `6 dates on the second Tuesday of every month, ${cardDate(first)} to ${cardDate(dates[5] ?? "")}.`;
  await expect(wizard.getByText(sentence)).toBeVisible();
  await expectAccessible(page);
  await atBothSizes(page, "series-wizard-repeats", () =>
    wizard.getByRole("group", { name: "Ends" }).scrollIntoViewIfNeeded(),
  );
  // Weekly shows the days (the date's Tuesday ticked) and how often; then back to monthly.
  await repeats.getByText("Weekly", { exact: true }).click();
  await expect(wizard.getByRole("checkbox", { name: "Tuesday" })).toBeChecked();
  await wizard.getByRole("checkbox", { name: "Thursday" }).check({ force: true });
  await wizard.getByLabel("How often").selectOption("2");
  await expect(wizard.getByText(/^6 dates every 2 weeks on Tuesday and Thursday, /)).toBeVisible();
  await atBothSizes(page, "series-wizard-weekly", () =>
    wizard.getByRole("group", { name: "Ends" }).scrollIntoViewIfNeeded(),
  );
  await repeats.getByText("Monthly", { exact: true }).click();
  await expect(wizard.getByText(sentence)).toBeVisible();
  await wizard.getByRole("button", { name: "Create Event" }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByText(`${title} was created.`)).toBeVisible();

  // Six cards, each saying how it repeats.
  await page.goto(`/calendar?q=${encodeURIComponent(title)}`);
  const cards = page.getByRole("link").filter({ hasText: title });
  await expect(cards).toHaveCount(6);
  await expect(cards.first()).toContainText("Repeats every month on the 2nd Tuesday, 6 times");
  await expect(cards.first()).toContainText(`${cardDate(first)} · 6:30 PM`);
  await atBothSizes(page, "series-cards", () => page.getByLabel("Search events").scrollIntoViewIfNeeded());

  // The first date's page: how it repeats and its six dates, itself marked.
  await cards.first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Repeats every month on the 2nd Tuesday, 6 times")).toBeVisible();
  await expect(seriesList(page).getByRole("listitem")).toHaveCount(6);
  await expect(seriesList(page).locator('span[aria-current="page"]')).toContainText(cardDate(first));

  // The third date, changed from there on: the start time moves to 7:00 PM.
  await seriesList(page)
    .getByRole("link", { name: new RegExp(cardDate(third)) })
    .click();
  await expect(seriesList(page).locator('span[aria-current="page"]')).toContainText(cardDate(third));
  await page.getByRole("button", { name: "Edit Details" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Event" });
  await edit.getByRole("tab", { name: /Date & Location/ }).click();
  // Repeats is for a new event: an edit asks which dates when it is saved.
  await expect(edit.getByRole("group", { name: "Repeats" })).toHaveCount(0);
  await edit.getByLabel("Start time").fill("19:00");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  const which = page.getByRole("dialog", { name: "Save changes to a repeating event" });
  await expect(which.getByRole("radio", { name: /^This event/ })).toBeChecked();
  await expect(which).toContainText(`${cardDate(third)} and the 3 dates after it.`);
  await which.getByRole("radio", { name: /^This and following events/ }).check();
  await expectAccessible(page);
  await atBothSizes(page, "series-edit-scope");
  await which.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("This date and the following ones were saved.")).toBeVisible();
  await expect(which).toBeHidden();
  await expect(edit).toBeHidden();
  const items = seriesList(page).getByRole("listitem");
  for (const [i, time] of ["6:30 PM", "6:30 PM", "7:00 PM", "7:00 PM", "7:00 PM", "7:00 PM"].entries()) {
    await expect(items.nth(i)).toContainText(cardDate(dates[i] ?? ""));
    await expect(items.nth(i)).toContainText(time);
  }
  await expect(page.getByText("7:00 PM – 8:30 PM")).toBeVisible();

  // A member joins every date at once from the first date's page, then sees Leave the series.
  const other = await browser.newContext({ baseURL: BASE_URL });
  const member = await other.newPage();
  await signIn(member, STANDARD.email, { to: `/calendar?q=${encodeURIComponent(title)}` });
  await member.getByRole("link").filter({ hasText: title }).first().click();
  await expect(member.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(member.getByRole("button", { name: "Leave the series" })).toHaveCount(0);
  await member.getByRole("button", { name: "Join the series" }).click();
  await expect(member.getByText(`Joined 6 dates of ${title}.`)).toBeVisible();
  await expect(member.getByRole("button", { name: "Leave Event" })).toBeVisible();
  await expect(member.getByRole("button", { name: "Leave the series" })).toBeVisible();
  // On every coming date now: nothing left to join.
  await expect(member.getByRole("button", { name: "Join the series" })).toHaveCount(0);
  await expect(member.getByRole("complementary", { name: "Participants" })).toContainText(STANDARD.name);
  await expectAccessible(member);
  await atBothSizes(member, "series-date-page", () => member.evaluate(() => window.scrollTo(0, 0)));
  await atBothSizes(member, "series-date-page-actions", () =>
    member.getByRole("button", { name: "Leave the series" }).scrollIntoViewIfNeeded(),
  );

  // Leaving the series asks first, then takes her off every coming date.
  await member.getByRole("button", { name: "Leave the series" }).click();
  const leave = member.getByRole("dialog", { name: "Leave the series?" });
  await leave.getByRole("button", { name: "Yes, Leave the Series" }).click();
  await expect(member.getByText(`Left 6 dates of ${title}.`)).toBeVisible();
  await expect(member.getByRole("button", { name: "Join Event" })).toBeVisible();
  await expect(member.getByRole("button", { name: "Leave the series" })).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Join the series" })).toBeVisible();
  await other.close();

  // The host's page of a date, as she manages it; then she cancels every date (and tidies up).
  await atBothSizes(page, "series-date-page-host", () =>
    page.getByRole("button", { name: "Delete Event" }).scrollIntoViewIfNeeded(),
  );
  await page.getByRole("button", { name: "Delete Event" }).click();
  const confirm = page.getByRole("dialog", { name: `Are you sure you want to delete "${title}"?` });
  await confirm.getByRole("radio", { name: /^All events/ }).check();
  await expect(confirm).toContainText("Every date of the series (6 dates).");
  await atBothSizes(page, "series-delete-scope");
  await confirm.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(page.getByText(`Every date of ${title} was deleted.`)).toBeVisible();
  await page.goto(`/calendar?q=${encodeURIComponent(title)}`);
  await expect(page.getByText(`No events match "${title}".`)).toBeVisible();
});
