import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ADMIN, DEMO_PASSWORD, screenshot, takenOver } from "../fixtures";
import { linkTo, waitForMail } from "../mail";
import { BASE_URL } from "../playwright.config";

const headers = { origin: BASE_URL, "content-type": "application/json" };

/**
 * An application made and accepted through the API (the screens are walked through in
 * membership.spec.ts): the path of the registration link mailed to her.
 */
async function registrationLink(request: APIRequestContext, person: { name: string; email: string }): Promise<string> {
  const login = await request.post("/login", { headers, data: { email: ADMIN.email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const made = await request.post("/trpc/invitationCodes.create", { headers, data: { json: { maxUses: 1 } } });
  expect(made.ok(), await made.text()).toBe(true);
  const code = ((await made.json()) as { result: { data: { json: { code: string } } } }).result.data.json.code;
  const applied = await request.post("/request", {
    headers,
    data: {
      invitationCode: code,
      full_name: person.name,
      email: person.email,
      phone: "+1-5551234567",
      reason: "To paint again, among peers.",
      interests: ["Showcases"],
      availability: "Weekends",
      membershipType: "Standard",
    },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  const list = (await (await request.get("/api/applications", { headers })).json()) as { id: string; email: string }[];
  const application = list.find((a) => a.email === person.email);
  expect(application, `the application of ${person.email}`).toBeTruthy();
  const accepted = await request.patch(`/api/applications/${application!.id}/status`, {
    headers,
    data: { accepted: true },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await request.post("/logout", { headers });
  return linkTo(await waitForMail(person.email, /complete your registration/), "/register/");
}

/** The account the browser is signed in to, as the server says: her name as saved. */
async function savedName(page: Page): Promise<string> {
  const res = await page.request.get("/user-details");
  expect(res.ok(), `user-details: ${res.status()}`).toBe(true);
  return ((await res.json()) as { name: string }).name;
}

/** The passwords, then Create account: she lands in her club, signed in. */
async function finish(page: Page, name: string): Promise<void> {
  await page.getByLabel("Password", { exact: true }).fill("ada-pass-1");
  await page.getByLabel("Confirm password").fill("ada-pass-1");
  // The link is used up once she registers: the page must not say so on her way out.
  await page.evaluate(() => {
    const seen = document.createElement("meta");
    seen.id = "expired-seen";
    document.head.append(seen);
    new MutationObserver(() => {
      if (document.body.textContent?.includes("Invalid or expired token")) seen.setAttribute("content", "yes");
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/member-home$/);
  await expect(page.getByText("Your account is ready. Welcome to the club!")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
  expect(await savedName(page)).toBe(name);
  await expect(page.locator("#expired-seen")).not.toHaveAttribute("content", "yes");
}

test("the name she types before the page has settled is the name she gets, and she is signed in", async ({
  page,
  request,
}) => {
  const link = await registrationLink(request, { name: "Ada Lovelace", email: "ada@example.com" });
  // The page as the server sends it, before any script runs: her name is already in its field (it
  // was empty, and filled in by the app once it had taken the form over, after whatever she had
  // begun to type).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link, { waitUntil: "domcontentloaded" });
  await expect(page.getByLabel("Name")).toHaveValue("Ada Lovelace");
  await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
  await screenshot(page, "register-as-sent");
  release();
  await page.unrouteAll({ behavior: "ignoreErrors" });

  // She goes by another name now. She opens the page and, as soon as the field takes typing,
  // without waiting for the page to settle, types it: over what the field shows, if anything.
  await page.goto(link, { waitUntil: "commit" });
  const name = page.getByLabel("Name");
  await name.click();
  if (await name.inputValue()) await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Ada King-Lovelace");
  await takenOver(page);
  await expect(name).toHaveValue("Ada King-Lovelace");
  await screenshot(page, "register-typed");
  await finish(page, "Ada King-Lovelace");
  await screenshot(page, "register-signed-in");
  // The header is a member's: My club, no Login.
  await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
});

test("what the browser fills in as the app takes the page over is kept", async ({ page, request }) => {
  const link = await registrationLink(request, { name: "Mary Somerville", email: "mary@example.com" });
  // As the browser's autofill does: the moment the field takes input, it gets her name and an input
  // event, before the form's own script has run.
  await page.addInitScript(() => {
    const fill = () => {
      const field = document.querySelector<HTMLInputElement>('input[name="name"]');
      if (!field || field.matches(":disabled")) return void setTimeout(fill, 1);
      field.value = "Mary Fairfax";
      field.dispatchEvent(new Event("input", { bubbles: true }));
    };
    fill();
  });
  await page.goto(link);
  await takenOver(page);
  const name = page.getByLabel("Name");
  await expect(name).toHaveValue("Mary Fairfax");
  // Nothing arrives later to change it.
  await page.waitForLoadState("networkidle");
  await expect(name).toHaveValue("Mary Fairfax");
  await finish(page, "Mary Fairfax");
});
