import { expect, type Page, test } from "@playwright/test";
import { ADMIN, atBothSizes, holdRequests, layoutShift, signIn } from "../fixtures";
import { waitForMail } from "../mail";

// Bulk e-mail with a safety net (Admin Panel → Bulk e-mail): the rich-text editor writes only what
// the sanitiser keeps, nothing leaves on one click, a test goes to the admin alone, and a message
// can wait for its time, be changed or cancelled, and leaves when due.

/**
 * After a change, the body the composer sent to the preview (the first that holds `marker`), and
 * the body as the server's sanitiser left it.
 */
async function previewRoundTrip(
  page: Page,
  marker: string,
  change: () => Promise<unknown>,
): Promise<{ sent: string; kept: string }> {
  const answer = page.waitForResponse(
    (r) =>
      r.url().includes("mail.preview") &&
      r.request().method() === "POST" &&
      (r.request().postData() ?? "").includes(marker),
  );
  await change();
  const response = await answer;
  const sentJson = JSON.parse(response.request().postData() ?? "{}");
  const sent = (sentJson["0"]?.json ?? sentJson.json).body as string;
  const keptJson = await response.json();
  const kept = (Array.isArray(keptJson) ? keptJson[0] : keptJson).result.data.json.body as string;
  // The sanitiser writes a void element XHTML-style (`<img … />`), the editor as HTML (`<img …>`):
  // the same element, the same attributes. Only that spelling is set aside.
  return { sent, kept: kept.replace(/ \/>/g, ">") };
}

/** A paste of HTML into the editor, as a browser delivers one from another page. */
async function pasteHtml(page: Page, html: string) {
  await page.getByRole("textbox", { name: "Message" }).evaluate((el, data) => {
    const clip = new DataTransfer();
    clip.setData("text/html", data);
    clip.setData("text/plain", "pasted");
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: clip, bubbles: true, cancelable: true }));
  }, html);
}

test("the composer holds still while its recipients are counted: the Send button does not move under her pointer", async ({
  page,
}) => {
  await signIn(page, ADMIN.email);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The count is held back until the form is on screen, as on a slow connection.
  const release = await holdRequests(page, "**/trpc/*adminMail.recipientCount*");
  await page.goto("/mail");
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
  await expect(page.getByText("Counting recipients…")).toBeVisible();
  release();
  await expect(page.getByText(/^\d+ recipients?/)).toBeVisible();
  expect(await layoutShift(page, 500)).toEqual({ total: 0, moved: [] });
});

test("a group e-mail is written in the editor, tested on the admin alone, and sent only once confirmed", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const subject = `Winter Salon ${Date.now()}`;
  await signIn(page, ADMIN.email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/mail");
  await page.getByLabel("Recipients").selectOption("admins");
  const count = page.getByText(/^\d+ recipients?/);
  await expect(count).toBeVisible();
  const admins = Number((await count.textContent())?.match(/^\d+/)?.[0]);
  await page.getByLabel("Subject").fill(subject);

  // Written with the toolbar: a heading, bold, italic, a link, a list, a quote.
  const editor = page.getByRole("textbox", { name: "Message" });
  await editor.click();
  await page.getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.type("An evening in December");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Dress: ");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("black tie");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(", ");
  await page.getByRole("button", { name: "Italic" }).click();
  await page.keyboard.type("of course");
  await page.getByRole("button", { name: "Italic" }).click();
  await page.keyboard.press("Enter");
  await page.keyboard.type("Tickets");
  for (let i = 0; i < "Tickets".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.getByRole("button", { name: "Link" }).click();
  const linkDialog = page.getByRole("dialog", { name: "Link" });
  await linkDialog.getByLabel("Address").fill("javascript:alert(1)");
  await linkDialog.getByRole("button", { name: "Save link" }).click();
  await expect(linkDialog.getByText("Enter a web address (https://…) or an e-mail address.")).toBeVisible();
  await linkDialog.getByLabel("Address").fill("club.example/tickets");
  await linkDialog.getByRole("button", { name: "Save link" }).click();
  await expect(linkDialog).toBeHidden();
  // Typing goes on after the link.
  await expect(editor).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Champagne");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Dinner");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  const written = await previewRoundTrip(page, "Elegance is refusal.", async () => {
    await page.getByRole("button", { name: "Quote" }).click();
    await page.keyboard.type("Elegance is refusal.");
  });
  expect(written.sent).toContain("<h2>An evening in December</h2>");
  expect(written.sent).toContain("<strong>black tie</strong>");
  expect(written.sent).toContain("<em>of course</em>");
  expect(written.sent).toContain('<a rel="noopener noreferrer" href="https://club.example/tickets">Tickets</a>');
  expect(written.sent).toContain("<ul><li><p>Champagne</p></li><li><p>Dinner</p></li></ul>");
  expect(written.sent).toContain("<blockquote><p>Elegance is refusal.</p></blockquote>");
  // What the editor writes passes the sanitiser unchanged.
  expect(written.kept).toBe(written.sent);

  // A photo from the gallery (those every member may see), at an address mail programs can fetch.
  await page.getByRole("button", { name: "Image from the gallery" }).click();
  const picker = page.getByRole("dialog", { name: "Image from the gallery" });
  const withImage = await previewRoundTrip(page, "/mail-images/", () =>
    picker.getByRole("listitem").first().getByRole("button").click(),
  );
  expect(withImage.sent).toMatch(
    /<img src="http:\/\/[^"]+\/mail-images\/[0-9a-f-]{36}-[A-Za-z0-9_-]{43}" alt="[^"]*" width="528">/,
  );
  expect(withImage.kept).toBe(withImage.sent);
  const src = /<img src="([^"]+)"/.exec(withImage.sent)?.[1] ?? "";
  const image = await page.context().browser()!.newContext();
  // No session: as a reader's mail program fetches it.
  const fetched = await image.request.get(src);
  expect(fetched.status()).toBe(200);
  expect(fetched.headers()["content-type"]).toBe("image/webp");
  await image.close();

  // Pasted HTML is read through the editor's schema: what is left passes the sanitiser unchanged.
  const pasted = await previewRoundTrip(page, "Pasted title", async () => {
    await editor.press("Control+End");
    await pasteHtml(
      page,
      '<div class="x" style="color:red"><h1>Pasted title</h1><p onclick="steal()">Some <span style="font-weight:bold">styled</span> text<script>alert(1)</script></p>' +
        '<table><tr><td>A cell</td></tr></table><img src="javascript:alert(1)"><a href="javascript:alert(2)">bad link</a></div>',
    );
  });
  expect(pasted.sent).toContain("Pasted title");
  expect(pasted.sent).toContain("A cell");
  for (const gone of ["<script", "onclick", "style=", "class=", "javascript:", "<table", "<div", "<h1"])
    expect(pasted.sent).not.toContain(gone);
  expect(pasted.kept).toBe(pasted.sent);

  // The preview: the whole 600-px mail with the footer members receive, nothing cropped.
  const frame = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(frame.getByText("You receive this as a member of the club.")).toBeVisible();
  await expect(frame.getByRole("heading", { name: "An evening in December" })).toBeVisible();
  const fits = await page.locator('iframe[title="E-mail preview"]').evaluate((f: HTMLIFrameElement) => {
    const doc = f.contentDocument!.documentElement;
    return { scroll: doc.scrollWidth, width: f.clientWidth, height: f.clientHeight, full: doc.scrollHeight };
  });
  expect(fits.width).toBeGreaterThanOrEqual(632);
  expect(fits.scroll).toBeLessThanOrEqual(fits.width);
  expect(fits.height).toBeGreaterThanOrEqual(fits.full);

  // "Send me a test": to the admin alone, footer included, marked as a test.
  await page.getByRole("button", { name: "Send me a test" }).click();
  await expect(page.getByText(`A test was sent to ${ADMIN.email}.`)).toBeVisible();
  const testMail = await waitForMail(ADMIN.email, new RegExp(`^\\[Test\\] ${subject}$`));
  expect(testMail.to).toEqual([ADMIN.email]);
  expect(testMail.html).toContain("This is a test of a group e-mail. Only you received it");
  expect(testMail.html).toContain("Unsubscribe from group e-mails");
  expect(testMail.html).toContain("<strong>black tie</strong>");

  // Nothing leaves on one click: the question names the subject, how many and the group.
  await page.getByRole("button", { name: "Send Email" }).click();
  const ask = page.getByRole("dialog", {
    name: `Send '${subject}' to ${admins} member${admins === 1 ? "" : "s"} of Admins?`,
  });
  await expect(ask).toBeVisible();
  await atBothSizes(page, "bulk-mail-confirm");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  const sentTable = page.getByRole("table", { name: "Group e-mails sent, newest first" });
  await expect(page.getByRole("heading", { name: "Sent" })).toBeVisible();
  await expect(page.getByRole("cell", { name: subject, exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Send Email" }).click();
  await ask.getByRole("button", { name: "Yes, Send" }).click();
  await expect(page.getByText("Email sent successfully.")).toBeVisible();
  const mail = await waitForMail(ADMIN.email, new RegExp(`^${subject}$`));
  expect(mail.html).toContain("<h2>An evening in December</h2>");
  expect(mail.html).not.toContain("This is a test");

  // Kept as sent, with its group and count, and opened again as a new draft.
  const row = sentTable.getByRole("row").filter({ hasText: subject });
  await expect(row.getByRole("cell").nth(1)).toHaveText("Admins");
  await expect(row.getByRole("cell").nth(2)).toHaveText(String(admins));
  await row.getByRole("button", { name: `Open “${subject}” as a new draft` }).click();
  await expect(page.getByLabel("Subject")).toHaveValue(subject);
  await expect(editor.getByRole("heading", { name: "An evening in December" })).toBeVisible();
  await atBothSizes(page, "bulk-mail-composer", () => page.evaluate(() => window.scrollTo(0, 0)));
});

/** A `datetime-local` value on the club's clock, `seconds` from now (with seconds). */
function clubClock(zone: string, seconds: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(Date.now() + seconds * 1000);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? "";
  return `${p("year")}-${p("month")}-${p("day")}T${p("hour")}:${p("minute")}:${p("second")}`;
}

test("a scheduled message is listed, changed and cancelled until it leaves, and leaves at its time", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  await signIn(page, ADMIN.email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/mail");
  const editor = page.getByRole("textbox", { name: "Message" });
  const scheduled = page.getByRole("table", { name: "Scheduled group e-mails, soonest first" });

  const scheduledToast = page.getByText(/^Scheduled for \d+ recipients?\.$/);
  async function schedule(subject: string, when: (zone: string) => string) {
    // The toast of the message scheduled before stays up to 5 s: this message's is then the only one.
    await expect(scheduledToast).toHaveCount(0);
    await page.getByLabel("Recipients").selectOption("admins");
    await page.getByLabel("Subject").fill(subject);
    await editor.click();
    await page.keyboard.type(`About ${subject}.`);
    await page.getByLabel("Send later").check();
    const hint = await page.getByText(/^The club's time \(/).textContent();
    const zone = /The club's time \(([^)]+)\)/.exec(hint ?? "")?.[1]?.replace(/ /g, "_") ?? "UTC";
    await page.getByLabel("Send on").fill(when(zone));
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    const ask = page.getByRole("dialog", {
      name: new RegExp(`^Schedule '${subject}' for \\d+ members? of Admins\\?$`),
    });
    await ask.getByRole("button", { name: "Yes, Schedule" }).click();
    await expect(scheduledToast).toBeVisible();
  }

  // Tomorrow at 09:00 on the club's clock: listed, changed, then cancelled.
  const later = `Book circle ${stamp}`;
  await schedule(later, (zone) => `${clubClock(zone, 86_400).slice(0, 10)}T09:00`);
  const row = scheduled.getByRole("row").filter({ hasText: later });
  await expect(row).toContainText("09:00");
  await atBothSizes(page, "bulk-mail-scheduled", () => scheduled.scrollIntoViewIfNeeded());
  await row.getByRole("button", { name: `Edit “${later}”` }).click();
  await expect(page.getByRole("heading", { name: `Edit the scheduled message “${later}”` })).toBeVisible();
  await expect(page.getByLabel("Send on")).toHaveValue(/T09:00$/);
  await page.getByLabel("Subject").fill(`${later} (moved)`);
  await page.getByLabel("Send on").fill((await page.getByLabel("Send on").inputValue()).replace("T09:00", "T18:30"));
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, Save" }).click();
  await expect(page.getByText(/^Schedule updated: \d+ recipients?\.$/)).toBeVisible();
  const moved = scheduled.getByRole("row").filter({ hasText: `${later} (moved)` });
  await expect(moved).toContainText("18:30");
  await moved.getByRole("button", { name: `Cancel “${later} (moved)”` }).click();
  const cancelling = page.getByRole("dialog", { name: `Cancel '${later} (moved)'?` });
  // Its two answers say what each does (not "Yes, Cancel It" beside a "Cancel").
  await expect(cancelling.getByRole("button", { name: "No, Keep It" })).toBeVisible();
  await cancelling.getByRole("button", { name: "Yes, Cancel It" }).click();
  await expect(page.getByText("The scheduled message was cancelled.")).toBeVisible();
  await expect(scheduled.getByRole("row").filter({ hasText: later })).toHaveCount(0);

  // Due in a few seconds: it leaves at its time, then shows as sent.
  const soon = `Doors open ${stamp}`;
  await schedule(soon, (zone) => clubClock(zone, 15));
  await expect(scheduled.getByRole("row").filter({ hasText: soon })).toBeVisible();
  const mail = await waitForMail(ADMIN.email, new RegExp(`^${soon}$`));
  expect(mail.html).toContain(`About ${soon}.`);
  await page.reload();
  await expect(page.getByRole("table", { name: "Group e-mails sent, newest first" }).getByText(soon)).toBeVisible();
  await expect(page.getByText(soon)).toHaveCount(1);
});

test("a group e-mail being written is still there after a reload", async ({ page }) => {
  const subject = `Spring Supper ${Date.now()}`;
  await signIn(page, ADMIN.email, { to: "/mail" });
  const editor = page.getByRole("textbox", { name: "Message" });
  await expect(editor).toBeVisible();
  await page.getByLabel("Subject").fill(subject);
  await editor.click();
  await page.keyboard.type("Dear members, the garden opens on Saturday.");
  await page.reload();
  await expect(page.getByLabel("Subject")).toHaveValue(subject);
  await expect(editor).toContainText("Dear members, the garden opens on Saturday.");
  await atBothSizes(page, "bulk-mail-kept");
  // Typing on after the reload is not undone by the draft coming back.
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Bring gloves.");
  await expect(editor).toContainText("Saturday. Bring gloves.");
});
