import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ADMIN, DEMO_PASSWORD, expectAccessible, screenshot, shoot, signIn } from "../fixtures";
import { BASE_URL } from "../playwright.config";

const TEMP_PASSWORD = "Welcome2Club!";
const sizes = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** Members made through the API with one admin sign-in, named "<first> <stamp>" so a search finds them all. */
async function createMembers(
  request: APIRequestContext,
  members: { first: string; type?: "Founding" | "Standard" | "Travel Host" }[],
  stamp: string,
): Promise<void> {
  const headers = { origin: BASE_URL, "content-type": "application/json" };
  const login = await request.post("/login", { headers, data: { email: ADMIN.email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  for (const m of members) {
    const created = await request.post("/trpc/users.create", {
      headers,
      data: {
        json: {
          email: `${m.first.toLowerCase()}-${stamp}@club.local`,
          name: `${m.first} ${stamp}`,
          type: m.type ?? "Standard",
          password: DEMO_PASSWORD,
        },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
  await request.post("/logout", { headers });
}

const membersTable = (page: Page) => page.getByRole("table", { name: /^Members of the club/ });
const rowOf = (page: Page, name: string) => membersTable(page).getByRole("row").filter({ hasText: name });

/** Every row's cells start where their column's header starts (to the pixel), the admin's own row too. */
async function expectColumnsAligned(page: Page): Promise<void> {
  const table = membersTable(page);
  const headers = table.locator("thead th");
  await expect(headers).toHaveText(["Name", "E-mail", "Type", "Admin", "Member since", "Last seen", "Actions"]);
  const columns: { x: number; width: number }[] = [];
  for (const header of await headers.all()) columns.push((await header.boundingBox())!);
  const rows = await table.locator("tbody tr").all();
  expect(rows.length).toBeGreaterThan(1);
  for (const row of rows) {
    const cells = row.locator(":scope > th, :scope > td");
    await expect(cells).toHaveCount(columns.length);
    const name = await row.locator(":scope > th").textContent();
    for (const [i, cell] of (await cells.all()).entries()) {
      const box = (await cell.boundingBox())!;
      expect(Math.abs(box.x - columns[i]!.x), `${name}: column ${i + 1}`).toBeLessThanOrEqual(1);
      expect(Math.abs(box.width - columns[i]!.width), `${name}: column ${i + 1}'s width`).toBeLessThanOrEqual(1);
    }
  }
}

async function shots(page: Page, name: string, before?: () => Promise<unknown>): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await before?.();
    await screenshot(page, `user-management-${name}-${size.name}`);
  }
  await page.setViewportSize(sizes[0]);
}

/** Opens a row's Manage menu and picks one of its items. */
async function manage(page: Page, name: string, item: string | RegExp): Promise<void> {
  await page.getByRole("button", { name: `Manage ${name}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

test("the members' table lines up on every row, the admin's own too, and a phone has a card for each", async ({
  page,
  request,
}) => {
  const stamp = `${Date.now()}`;
  await createMembers(
    request,
    [
      { first: "Tess", type: "Travel Host" },
      { first: "Fran", type: "Founding" },
    ],
    stamp,
  );
  await signIn(page, ADMIN.email);
  await page.setViewportSize(sizes[0]);
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  // The admin's own row is there, marked, with no reset or delete in its menu.
  const own = rowOf(page, ADMIN.name);
  await expect(own.getByText("You", { exact: true })).toBeVisible();
  await expectColumnsAligned(page);

  // Words and dates for people: a type, yes or no, a day, a time ago.
  const tess = rowOf(page, `Tess ${stamp}`);
  await expect(tess.getByLabel(`Type of Tess ${stamp}`)).toHaveValue("Travel Host");
  await expect(tess.getByRole("switch", { name: `Tess ${stamp} is an admin` })).not.toBeChecked();
  await expect(tess.locator("td").nth(3)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(tess.locator("td").nth(4)).toHaveText("No record");
  await expect(own.locator("td").nth(4)).toHaveText(/^(Just now|A minute ago|\d+ minutes ago)$/);

  await page.getByRole("button", { name: `Manage ${ADMIN.name}` }).click();
  await expect(page.getByRole("menuitem", { name: /Reset to temporary password|Delete/ })).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Your password: in Settings" })).toBeVisible();
  await page.keyboard.press("Escape");

  await shots(page, "table");
  await expectAccessible(page);
  await page.getByRole("button", { name: `Manage Tess ${stamp}` }).click();
  await expect(page.getByRole("menuitem", { name: "Reset to temporary password" })).toBeVisible();
  await shoot(page, "user-management-menu-desktop");
  await page.keyboard.press("Escape");

  // On a phone each member is a card, with the same controls named the same way; the table (three
  // windows wide there) is hidden, and not read. Nothing runs off the side.
  await page.setViewportSize(sizes[1]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(sizes[1].width);
  await expect(membersTable(page)).toBeHidden();
  const cards = page.getByRole("list", { name: /^Members of the club/ }).getByRole("listitem");
  expect(await cards.count()).toBeGreaterThan(1);
  for (const card of await cards.all()) {
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(sizes[1].width);
  }
  const tessCard = cards.filter({ hasText: `Tess ${stamp}` });
  await expect(tessCard.getByRole("link", { name: `tess-${stamp}@club.local` })).toBeVisible();
  await expect(tessCard.getByLabel(`Type of Tess ${stamp}`)).toHaveValue("Travel Host");
  await expect(tessCard.getByRole("switch", { name: `Tess ${stamp} is an admin` })).not.toBeChecked();
  await expect(tessCard.getByText("Member since")).toBeVisible();
  await expect(tessCard.getByText("No record")).toBeVisible();
  await expect(cards.filter({ hasText: ADMIN.name }).getByText("You", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await tessCard.getByRole("button", { name: `Manage Tess ${stamp}` }).click();
  await expect(page.getByRole("menuitem", { name: "Reset to temporary password" })).toBeVisible();
  await shoot(page, "user-management-menu-phone");
  await page.keyboard.press("Escape");
  // A tablet has the table again, scrolling sideways within its frame, not the page.
  await page.setViewportSize({ width: 800, height: 1000 });
  await expect(membersTable(page)).toBeVisible();
  await expect(page.getByRole("list", { name: /^Members of the club/ })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
  const frame = membersTable(page).locator("xpath=..");
  expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await page.setViewportSize(sizes[0]);
});

test("filters by type and by admin right sit in the address, with the search, and page through the list", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}`;
  // 52 members of the stamp: two of them a Founding and a Travel Host, so a page and a bit.
  const many = Array.from({ length: 50 }, (_, i) => ({ first: `Page${String(i).padStart(2, "0")}` }));
  await createMembers(
    request,
    [{ first: "Hana", type: "Travel Host" }, { first: "Fay", type: "Founding" }, ...many],
    stamp,
  );
  await signIn(page, ADMIN.email);
  await page.setViewportSize(sizes[0]);
  await page.goto("/users");

  await page.getByLabel("Search by name or e-mail").fill(stamp);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=(%22)?${stamp}`));
  await expect(page.getByText("52 members match, showing 1–50", { exact: true })).toBeVisible();
  await expect(membersTable(page).locator("tbody tr")).toHaveCount(50);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText("52 members match, showing 51–52", { exact: true })).toBeVisible();
  await expect(membersTable(page).locator("tbody tr")).toHaveCount(2);
  await expectColumnsAligned(page);

  await page.getByLabel("Type", { exact: true }).selectOption("Travel Host");
  await expect(page).toHaveURL(/type=Travel\+Host|type=Travel%20Host/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(membersTable(page).locator("tbody tr")).toHaveCount(1);
  await expect(rowOf(page, `Hana ${stamp}`)).toBeVisible();
  await shots(page, "filtered");

  // The address alone brings the same list back.
  await page.reload();
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("Travel Host");
  await expect(page.getByLabel("Search by name or e-mail")).toHaveValue(stamp);
  await expect(membersTable(page).locator("tbody tr")).toHaveCount(1);

  await page.getByLabel("Type", { exact: true }).selectOption("");
  await page.getByLabel("Admin", { exact: true }).selectOption("yes");
  await expect(page).toHaveURL(/admin=yes/);
  await expect(page.getByText("No members match these filters.")).toBeVisible();

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/[?&](q|type|admin)=/);
  await page.getByLabel("Admin", { exact: true }).selectOption("yes");
  await expect(page).toHaveURL(/admin=yes/);
  await expect(rowOf(page, ADMIN.name)).toBeVisible();
  // The rows shown before the filtered list arrives stay until it does: wait for the list itself,
  // not for one row of it (a snapshot of the switches taken early named rows that then went).
  await expect(membersTable(page).getByRole("switch", { checked: false })).toHaveCount(0);
  await page.getByLabel("Admin", { exact: true }).selectOption("no");
  await expect(page).toHaveURL(/admin=no/);
  await expect(rowOf(page, ADMIN.name)).toHaveCount(0);
  await expect(membersTable(page).getByRole("switch", { checked: true })).toHaveCount(0);
  await expect(membersTable(page).getByRole("switch").first()).toBeVisible();
});

test("actions on one member change her row alone: the list is not fetched again and the page not reloaded", async ({
  page,
  request,
}) => {
  const stamp = `${Date.now()}`;
  const name = `Rhea ${stamp}`;
  await createMembers(request, [{ first: "Rhea" }, { first: "Nell" }], stamp);
  await signIn(page, ADMIN.email);
  await page.setViewportSize(sizes[0]);
  await page.goto(`/users?q=${stamp}`);
  await expect(rowOf(page, name)).toBeVisible();
  await expect(page.getByText(TEMP_PASSWORD)).toHaveCount(0);

  // A reload would lose this; a fetch of the list would be seen here.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  const listFetches: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("users.page")) listFetches.push(r.url());
  });
  const row = rowOf(page, name);

  // Reset to the temporary password: asked first, then shown once, to copy.
  await manage(page, name, "Reset to temporary password");
  const confirm = page.getByRole("dialog", { name: `Reset ${name}'s password to the temporary password?` });
  await expect(confirm).toBeVisible();
  await expect(confirm).not.toContainText(TEMP_PASSWORD);
  await shots(page, "confirm-reset");
  await confirm.getByRole("button", { name: "Yes, Reset" }).click();
  const shown = page.getByRole("dialog", { name: `${name}'s temporary password` });
  await expect(shown.getByRole("status")).toHaveText(`Password reset to ${TEMP_PASSWORD}`);
  await expect(shown.getByRole("button", { name: "Copy" })).toBeVisible();
  await shots(page, "temporary-password");
  await expectAccessible(page);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toHaveCount(0);
  await expect(page.getByText(TEMP_PASSWORD)).toHaveCount(0);

  // Her type: changed at once, told, kept in the row.
  await row.getByLabel(`Type of ${name}`).selectOption("Founding");
  await expect(page.getByText(`${name} is now a Founding member.`)).toBeVisible();
  await expect(row.getByLabel(`Type of ${name}`)).toHaveValue("Founding");

  // The admin right: asked first.
  await row.getByRole("switch", { name: `${name} is an admin` }).click();
  const grant = page.getByRole("dialog", { name: `Make ${name} an admin?` });
  await grant.getByRole("button", { name: "Yes, Make Admin" }).click();
  await expect(page.getByText(`${name} is now an admin.`)).toBeVisible();
  await expect(row.getByRole("switch", { name: `${name} is an admin` })).toBeChecked();
  await row.getByRole("switch", { name: `${name} is an admin` }).click();
  await page
    .getByRole("dialog", { name: `Take away ${name}'s admin right?` })
    .getByRole("button", { name: "Cancel" })
    .click();
  await expect(row.getByRole("switch", { name: `${name} is an admin` })).toBeChecked();

  await manage(page, name, "Add to the Testing Team");
  await expect(page.getByText(`${name} joined the Testing Team.`)).toBeVisible();
  await expect(row.getByText("Testing Team", { exact: true })).toBeVisible();

  // Deleting: asked first, then the row leaves and the count follows.
  await expect(page.getByText("2 members match", { exact: true })).toBeVisible();
  await manage(page, name, /^Delete account/);
  await page
    .getByRole("dialog", { name: `Delete the account of ${name}?` })
    .getByRole("button", { name: "Yes, Delete" })
    .click();
  await expect(page.getByText(`The account of rhea-${stamp}@club.local has been deleted.`)).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);
  await expect(rowOf(page, `Nell ${stamp}`)).toBeVisible();
  await expect(page.getByText("1 member matches", { exact: true })).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(listFetches).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/users\\?q=(%22)?${stamp}(%22)?$`));
});
