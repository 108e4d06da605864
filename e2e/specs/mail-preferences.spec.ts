import { expect, test } from "@playwright/test";
import { ADMIN, createMember, expectAccessible, screenshot, signIn } from "../fixtures";
import { waitForMail } from "../mail";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test("a member chooses in Settings → E-mail which bulk mail she receives", async ({ page, request }) => {
  const member = { email: "ella.email@club.local", name: "Ella Email" };
  await createMember(request, member);
  await signIn(page, member.email);
  await page.setViewportSize(DESKTOP);
  await page.goto("/settings/email");

  const panel = page
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: "E-mail", exact: true }) })
    .last();
  const group = panel.getByLabel("Messages the club's admins send to all members or to a group of them.");
  for (const box of [
    group,
    panel.getByLabel("An event's organiser telling members about it."),
    panel.getByLabel(/E-mail me a reminder 1 day before each event I joined/),
    panel.getByLabel(/When an event you joined or wait for changes/),
  ])
    await expect(box).toBeChecked();
  await expect(panel.getByText(/Account e-mails .* always reach you\./)).toBeVisible();

  await group.uncheck();
  await expect(page.getByText("Group e-mails are off.")).toBeVisible();
  await page.reload();
  await expect(group).not.toBeChecked();
  await expectAccessible(page);
  // From the top, so the sticky header sits where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "settings-email");
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "settings-email-phone");
  await page.setViewportSize(DESKTOP);

  await group.check();
  await expect(page.getByText("Group e-mails are on.")).toBeVisible();
});

test("a group e-mail's unsubscribe link: the page confirms and undoes, the one-click POST needs no session, the count leaves her out", async ({
  page,
  browser,
  request,
}) => {
  const member = { email: "una.unsubscribe@club.local", name: "Una Unsubscribe" };
  await createMember(request, member);

  await signIn(page, ADMIN.email);
  await page.setViewportSize(DESKTOP);
  await page.goto("/mail");
  await page.getByLabel("Recipients").selectOption("all");
  const count = page.getByText(/^\d+ recipients?/);
  await expect(count).toBeVisible();
  const everyone = Number((await count.textContent())?.match(/^\d+/)?.[0]);
  await page.getByLabel("Subject").fill("Club newsletter");
  await page.getByRole("textbox", { name: "Message" }).fill("News from the club.");
  await page.getByRole("button", { name: "Send Email" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, Send" }).click();
  await expect(page.getByText("Email sent successfully.")).toBeVisible();

  const mail = await waitForMail(member.email, /^Club newsletter$/);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const url = mail.headers["list-unsubscribe"]?.match(/^<(https?:\/\/[^>]+\/unsubscribe\/[^>]+)>$/)?.[1];
  expect(url).toBeDefined();
  // The footer links to the same page.
  expect(mail.html).toContain(url);

  // She opens the link with no session (another browser): nothing changes until she confirms.
  const elsewhere = await browser.newContext({ viewport: DESKTOP });
  const visitor = await elsewhere.newPage();
  await visitor.goto(url!);
  await expect(visitor.getByText("Stop receiving group e-mails from the club's admins?")).toBeVisible();
  // It names whose address it is, masked: anyone the link reached can open it.
  await expect(visitor.getByText("For u•••e@club.local")).toBeVisible();
  await expectAccessible(visitor);
  await screenshot(visitor, "unsubscribe-confirm");
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByText(/You are unsubscribed from group e-mails from the club's admins\./)).toBeVisible();
  await expectAccessible(visitor);
  await screenshot(visitor, "unsubscribe-done");
  await visitor.setViewportSize(PHONE);
  await screenshot(visitor, "unsubscribe-done-phone");
  await visitor.setViewportSize(DESKTOP);
  await visitor.getByRole("button", { name: "Undo" }).click();
  await expect(visitor.getByText("You receive group e-mails from the club's admins again.")).toBeVisible();

  // The mail provider's one-click POST: from its server, no cookie, no Origin; twice alike.
  for (let i = 0; i < 2; i++) {
    const res = await request.post(url!, {
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(res.status()).toBe(200);
  }
  await visitor.reload();
  await expect(visitor.getByRole("button", { name: "Resubscribe" })).toBeVisible();
  // A tampered link is refused.
  const tampered = await request.post(`${url!.slice(0, -2)}${url!.endsWith("AA") ? "BB" : "AA"}`, {
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: "" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(tampered.status()).toBe(404);
  await elsewhere.close();

  // The admin's count before the next one leaves her out.
  await page.reload();
  await page.getByLabel("Recipients").selectOption("all");
  await expect(
    page.getByText(`${everyone - 1} recipients (1 who unsubscribed from group e-mails left out)`),
  ).toBeVisible();
});
