import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { atBothSizes, createMember, expectAccessible, screenshot, signIn, takenOver } from "../fixtures";
import { waitForMail } from "../mail";
import { BASE_URL } from "../playwright.config";

// Travel end to end: a host on a laptop lists her home and opens dates; a member on a phone finds it
// by dates, sees her price and asks; the host accepts; the address appears for that member alone;
// the stay is in both members' calendars; a second request for those nights is refused.

/** July, two years ahead: always in the future, whatever month the suite runs in. */
const year = new Date().getFullYear() + 2;
const day = (m: number, d: number) => `${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const PHONE = { width: 390, height: 844 };
const ADDRESS = "Rua das Flores 12, 2nd floor";
const POSTER = readFileSync(join(import.meta.dirname, "../../apps/web/src/assets/hero/hero-poster.webp"));

/** A member on a phone, her browser in a time zone of its own: a home's nights are the home's days wherever she is. */
async function phone(browser: import("@playwright/test").Browser, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    timezoneId,
  });
  return context.newPage();
}

test("a host lists a home, a member finds and asks for it, the host accepts, and those nights are never given twice", async ({
  page,
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const host = { email: `helena-${tag}@club.test`, name: `Helena Host ${tag}`, type: "Travel Host" as const };
  const guest = { email: `ana-${tag}@club.test`, name: `Ana Guest ${tag}`, type: "Standard" as const };
  const late = { email: `bea-${tag}@club.test`, name: `Bea Late ${tag}`, type: "Founding" as const };
  for (const m of [host, guest, late]) await createMember(request, m);
  const title = `Garden flat ${tag}`;

  // The host, on a laptop: her home, then its open dates.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, host.email, { to: "/travel/hosting" });
  await takenOver(page);
  await page.getByRole("button", { name: "List a home" }).click();
  const form = page.getByRole("form", { name: "List a home" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Type of home").fill("Flat");
  await form.getByLabel("City").fill("Lisbon");
  await form.getByLabel("Region").fill("Alfama");
  await form.getByLabel("Country").fill("Portugal");
  await form.getByLabel("Exact address").fill(ADDRESS);
  await form.getByLabel("Sleeps").fill("3");
  await form.getByLabel("Nightly rate (USD)").fill("240");
  await form.getByLabel("Minimum nights").fill("2");
  await form.getByLabel("Time zone").selectOption("Europe/Lisbon");
  await form.getByLabel("Amenities").fill("Terrace, river view, wifi");
  await form.getByLabel("Description").fill("A quiet flat above a garden, ten minutes from the river.");
  await form.getByRole("button", { name: "List this home" }).click();
  await expect(page.getByText("Your home is listed. Now open the dates members may stay.")).toBeVisible();
  const dates = page.getByRole("form", { name: `Open dates of ${title}` });
  await dates.getByLabel("From").fill(day(7, 1));
  await dates.getByLabel("Until").fill(day(8, 1));
  await dates.getByRole("button", { name: "Save open dates" }).click();
  await expect(page.getByText("The open dates are saved.")).toBeVisible();
  // Her own nights: blocked, shown to members as blocked.
  const blocked = page.getByRole("form", { name: `Blocked nights of ${title}` });
  await blocked.getByLabel("From").fill(day(7, 20));
  await blocked.getByLabel("Until").fill(day(7, 23));
  await blocked.getByRole("button", { name: "Block these nights" }).click();
  await expect(page.getByText("Those nights are blocked.")).toBeVisible();
  await expect(blocked.getByRole("button", { name: "Free these nights" })).toBeVisible();
  // Her photos, two at once through the resumable queue: the first is the cover.
  const photos = page.getByRole("region", { name: `Photos of ${title}` });
  await photos.getByLabel("Add photos").setInputFiles([
    { name: "terrace.webp", mimeType: "image/webp", buffer: POSTER },
    { name: "garden.webp", mimeType: "image/webp", buffer: Buffer.concat([POSTER, Buffer.alloc(1)]) },
  ]);
  await expect(photos.getByRole("img", { name: "Cover photo" })).toBeVisible();
  await expect(photos.getByRole("img", { name: "Photo 2" })).toBeVisible();
  // Her dates are two years out: this year she offers none yet, and is reminded of the club's minimum.
  await expect(
    page.getByText(
      `You offer 0 nights in ${new Date().getFullYear()}: the club asks its Travel Hosts for at least 30 a year, so 30 more would meet it.`,
    ),
  ).toBeVisible();
  await atBothSizes(page, "travel-hosting");

  // The member, on a phone: finds it by dates and guests, sees her price, asks.
  // Ana is at UTC+12/+13, Bea at UTC−8/−7: both see and ask for the same Lisbon nights.
  const ana = await phone(browser, "Pacific/Auckland");
  await signIn(ana, guest.email, { to: `/travel?arrive=${day(7, 10)}&depart=${day(7, 14)}&guests=2` });
  await takenOver(ana);
  const card = ana.getByRole("listitem").filter({ hasText: title });
  await expect(card).toContainText("$120 a night");
  await expect(card.locator("img")).toHaveJSProperty("complete", true);
  expect(await card.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(ana);
  await screenshot(ana, "travel-list-mobile");
  await card.getByRole("link", { name: title }).click();
  await expect(ana.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(ana.getByText(ADDRESS)).toHaveCount(0);
  // Its photos open in the lightbox.
  await ana.getByRole("button", { name: "Open photo 1 of 2" }).click();
  await expect(ana.locator(".yarl__root")).toBeVisible();
  await ana.keyboard.press("Escape");
  await expect(ana.locator(".yarl__root")).toHaveCount(0);
  const price = ana.getByLabel("Your price");
  await expect(price).toContainText("4 nights, your contribution");
  await expect(price).toContainText("$480");
  await expect(ana.getByRole("cell", { name: /^10 ?: Open$/ })).toBeVisible();
  await expect(ana.getByRole("cell", { name: /^21 ?: Blocked by the host$/ })).toBeVisible();
  await expectAccessible(ana);
  await screenshot(ana, "travel-home-mobile");
  const ask = ana.getByRole("form", { name: "Ask to stay" });
  await ask.getByLabel(/A message to/).fill("We would love to see the garden in bloom.");
  await ask.getByRole("button", { name: "Ask to stay" }).click();
  await expect(ana.getByText(`Your request is sent to ${host.name}.`)).toBeVisible();
  await expect(ana).toHaveURL(/\/travel\/trips$/);
  await expect(ana.getByRole("cell", { name: "Waiting for the host" })).toBeVisible();

  // The host is told by mail, and answers from her page.
  const told = await waitForMail(host.email, new RegExp(`^${guest.name} asked to stay at “${title}”$`));
  expect(told.text).toContain("We would love to see the garden in bloom.");
  await page.goto("/travel/hosting");
  await takenOver(page);
  const row = page.getByRole("row").filter({ hasText: guest.name });
  await row.getByRole("button", { name: "Accept" }).click();
  await page
    .getByRole("dialog")
    .getByLabel(/A message to your guest/)
    .fill("Welcome! The key is with the neighbour.");
  await page.getByRole("button", { name: "Yes, accept" }).click();
  await expect(page.getByText("The stay is accepted; your guest has been told.")).toBeVisible();
  await expect(row.getByRole("cell", { name: "Accepted" })).toBeVisible();
  await atBothSizes(page, "travel-hosting-accepted");

  // The address is hers now, and the stay is in her calendar and the host's.
  await waitForMail(guest.email, new RegExp(`^${host.name} accepted your stay at “${title}”$`));
  await ana.goto("/travel/trips");
  await expect(ana.getByRole("cell", { name: "Accepted" })).toBeVisible();
  const calendarLink = ana.getByRole("link", { name: "Add to calendar" });
  const href = await calendarLink.getAttribute("href");
  for (const who of [ana, page]) {
    const ics = await who.request.get(href!);
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    const text = await ics.text();
    expect(text).toMatch(new RegExp(`DTSTART;VALUE=DATE:${day(7, 10).replaceAll("-", "")}`));
    expect(text).toMatch(new RegExp(`DTEND;VALUE=DATE:${day(7, 14).replaceAll("-", "")}`));
    expect(text).toContain("Rua das Flores 12");
  }
  // Her private calendar feed (Settings → Calendar) carries the stay too, as a calendar app reads it.
  await ana.goto("/settings/calendar");
  await ana.getByRole("button", { name: "Make my calendar link" }).click();
  const feedLink = (await ana
    .getByRole("status")
    .filter({ hasText: "Your calendar link" })
    .locator("code")
    .textContent())!;
  const feed = await (await request.get(feedLink.replace("webcal://", "http://"), { headers: { cookie: "" } })).text();
  expect(feed).toContain(`SUMMARY:Stay at ${title}`);
  expect(feed).toContain(`DTSTART;VALUE=DATE:${day(7, 10).replaceAll("-", "")}`);
  // The home's link for other sites: those nights "Reserved", no name, no address.
  await page.getByRole("button", { name: "Make a calendar link" }).click();
  const homeLink = (await page
    .getByRole("status")
    .filter({ hasText: "The home's calendar link" })
    .locator("code")
    .textContent())!;
  const reserved = await (await request.get(homeLink, { headers: { cookie: "" } })).text();
  expect(reserved).toContain("SUMMARY:Reserved");
  expect(reserved).toContain(`DTEND;VALUE=DATE:${day(7, 14).replaceAll("-", "")}`);
  expect(reserved).not.toContain(guest.name);
  expect(reserved).not.toContain("Rua das Flores");
  await ana.goto("/travel/trips");
  await ana.getByRole("link", { name: title }).click();
  await expect(ana.getByText(ADDRESS)).toBeVisible();

  // Another member: no address, and those nights are refused in words.
  const bea = await phone(browser, "America/Los_Angeles");
  await signIn(bea, late.email, { to: `/travel?arrive=${day(7, 12)}&depart=${day(7, 15)}` });
  await takenOver(bea);
  await expect(bea.getByText("No home is open for this search. Try other dates or another place.")).toBeVisible();
  await bea.goto("/travel");
  await takenOver(bea);
  await bea.getByRole("link", { name: title }).click();
  await expect(bea.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(bea.getByText(ADDRESS)).toHaveCount(0);
  await expect(bea.getByRole("cell", { name: /^12 ?: Taken$/ })).toBeVisible();
  const second = bea.getByRole("form", { name: "Ask to stay" });
  await second.getByLabel("Arrive").fill(day(7, 12));
  await second.getByLabel("Depart").fill(day(7, 15));
  await second.getByRole("button", { name: "Ask to stay" }).click();
  await expect(second.getByText("Some of these nights are already taken: choose other dates.")).toBeVisible();
  // A Founding member pays a fifth: the same 3 nights at 240 would be $144.
  await expect(bea.getByLabel("Your price")).toContainText("$144");
  await bea.context().close();
  await ana.context().close();

  // An admin records Ana's contribution in the club's ledger, and exports it.
  await page.context().clearCookies();
  await signIn(page, "admin@club.local", { to: "/ledger" });
  await takenOver(page);
  const line = page.getByRole("row").filter({ hasText: title });
  await expect(line).toContainText("$480");
  await line.getByRole("button", { name: "Record received" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("How it was paid").selectOption("Bank transfer");
  await dialog.getByLabel("Note (a reference)").fill("Transfer 2031-07");
  await dialog.getByRole("button", { name: "Record it" }).click();
  await expect(page.getByText("$480 is recorded as received.")).toBeVisible();
  await expect(line).toContainText("Received $480 (Bank transfer) by");
  await expectAccessible(page);
  await atBothSizes(page, "travel-ledger");
  const csv = await (await page.request.get("/api/admin/ledger.csv")).text();
  expect(csv.split("\n")[0]).toContain('"home","guest","arrive","depart"');
  expect(csv).toContain(`"${title}","${guest.name}","${day(7, 10)}","${day(7, 14)}"`);

  // The admin manages the host's home from its page, and withdraws it (confirmed): Ana is told,
  // and her paid contribution is reversed in the ledger.
  await page.goto("/travel");
  await takenOver(page);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: "Manage this home" })).toBeVisible();
  await page.getByRole("button", { name: "Withdraw" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, withdraw it" }).click();
  await expect(page.getByText("The home is withdrawn; its guests have been told.")).toBeVisible();
  await expect(page).toHaveURL(/\/travel$/);
  await waitForMail(guest.email, new RegExp(`cancelled the stay at “${title}”$`));
  await page.goto("/ledger");
  await takenOver(page);
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Reversed $480");
});
