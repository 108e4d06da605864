import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { ADMIN, DEMO_PASSWORD } from "./demo";
import { linkTo, waitForMail } from "./mail";
import { BASE_URL } from "./playwright.config";

export { ADMIN, DEMO_PASSWORD, FOUNDING, STANDARD } from "./demo";

/**
 * Signs in through the same call the Login form makes, in the page's own browser (the request
 * shares its cookies), and opens Home, or the screen `to` at once (a page load fewer: Home is then
 * the next screen's first check that the session holds). The form itself is walked through in
 * auth.spec.ts and the specs of registering, resetting a password and ending sessions; doing it
 * here as well cost each spec a cold Login page, about two seconds, 45 times a run.
 */
export async function signIn(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, to }: { password?: string; to?: string } = {},
): Promise<void> {
  const res = await page.request.post("/login", {
    headers: { origin: BASE_URL, "content-type": "application/json" },
    data: { email, password },
  });
  expect(res.ok(), `sign-in of ${email}: ${res.status()} ${await res.text()}`).toBe(true);
  if (to) {
    await page.goto(to);
    // Signed in: a members' screen would have sent her to Login.
    await expect(page).not.toHaveURL(/\/login(\?|$)/);
    // The spec's first click waits for the app: a link clicked on the server's page while the app
    // starts (slower on a first page than after Home) was lost once.
    await takenOver(page);
    return;
  }
  await page.goto("/home");
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * Waits until the app has taken over a page the server rendered: its controls are disabled until
 * then (a fieldset), and a link clicked before then loads its page as plain HTML would
 * (`leaveLinksToTheBrowser` in the web app), a page load a spec may not expect.
 */
export async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector("#root fieldset[disabled]") === null);
}

/** No serious or critical accessibility violations on the page as the app runs it. */
export async function expectAccessible(page: Page): Promise<void> {
  // A rendered page's controls are disabled until the app takes it over (an inactive control, which
  // contrast rules exempt, but axe does not see a fieldset's disabling): the page is judged after.
  await takenOver(page);
  // Enabling the page starts its buttons' colour transitions (none under reduced motion, which the
  // specs ask for: a transition of any length showed its first colour in the frame of the change,
  // and axe measured a disabled button's colour on /mail). Judged once nothing moves.
  await page.waitForFunction(() => document.getAnimations().length === 0, undefined, { polling: "raf" });
  // Toasts are left out: while one fades in, axe measures its half-transparent text. Their
  // colours are the club's success and danger pairs, which pass on their own.
  // The group e-mail's preview is the mail itself in a frame (what a mail client shows, not the
  // app's screen): on a busy machine axe's messages into that frame ran out of time and the spec
  // hung there, while on a quiet one it passed.
  const results = await new AxeBuilder({ page })
    .exclude("[data-sonner-toaster]")
    .exclude('iframe[title="E-mail preview"]')
    // Only violations are read: axe then skips making selectors and markup for every node that
    // passes (its guide's first advice on speed), most of its work after the rules on a long page.
    .options({ resultTypes: ["violations"] })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  // Each node with axe's reason (for contrast, the colours and ratio it measured) and its markup.
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""} ${n.html}`).join(", ")})`,
    ),
  ).toEqual([]);
}

/**
 * Screenshots are for a person to look at (e2e/screenshots), not a proof: no spec reads them. They
 * cost about a tenth of the specs' time, so they are taken only when asked for:
 * `E2E_SCREENSHOTS=1 pnpm --filter @club/e2e exec playwright test` (docs/developing.md).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/** A screenshot of the page's window (or a part of it) as `screenshots/<name>.png`, when asked for. */
export async function shoot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (SCREENSHOTS) await target.screenshot({ path: `screenshots/${name}.png`, ...options });
}

/** The whole page, as `screenshots/<name>.png`, when asked for. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await shoot(page, name, { fullPage: true });
}

/**
 * A fresh member of the given type, made by the admin through the API, for specs that change an
 * account (passwords, privileges) without touching the demo accounts other specs use.
 */
export async function createMember(
  request: APIRequestContext,
  member: { email: string; name: string; type?: "Founding" | "Standard" | "Travel Host"; password?: string },
): Promise<void> {
  const headers = { origin: BASE_URL, "content-type": "application/json" };
  const login = await request.post("/login", { headers, data: { email: ADMIN.email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const created = await request.post("/trpc/users.create", {
    headers,
    data: { json: { type: "Standard", password: DEMO_PASSWORD, ...member } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await request.post("/logout", { headers });
}

/**
 * Picks files in the upload control named `label`, once the app runs the page: until then the page
 * is the server's HTML, its input is disabled, and no code would see the files.
 */
export async function chooseFiles(
  page: Page,
  label: string,
  files: Parameters<Locator["setInputFiles"]>[0],
): Promise<void> {
  const input = page.getByText(label).locator("input[type=file]");
  await expect(input).toBeEnabled();
  await input.setInputFiles(files);
}

/**
 * Titles a file in the upload queue, as she would while it uploads (saved to the new item as soon
 * as it is stored): the field, then away from it.
 */
export async function titleUpload(page: Page, fileName: string, title: string): Promise<void> {
  const field = page.getByRole("region", { name: "Uploads" }).getByLabel(`Title of ${fileName}`);
  await field.fill(title);
  await field.blur();
}

/**
 * A password session confirms by e-mail before adding a passkey or connecting an identity: asks
 * for the mail where Settings offers it, then types the code from it (`by: "code"`, as from a
 * phone) or opens its link in this browser and comes back.
 */
export async function confirmByEmail(
  page: Page,
  email: string,
  options: { shots?: string; by?: "link" | "code" } = {},
): Promise<void> {
  const { shots, by = "link" } = options;
  await page.getByRole("button", { name: "Send me a confirmation e-mail" }).click();
  const sent = page.getByText("We sent you an e-mail with a code and a link.");
  await expect(sent).toBeVisible();
  if (shots) await atBothSizes(page, `${shots}-sent`, () => sent.scrollIntoViewIfNeeded());
  const mail = await waitForMail(email, /^Confirm it is you before adding a way to sign in$/);
  if (by === "code") {
    const code = /(\d{3} \d{3})/.exec(mail.text)?.[1];
    expect(code, "the mail carries a six-digit code").toBeTruthy();
    const form = page.getByRole("form", { name: "Confirm with the code" });
    await form.getByLabel("Code from the e-mail").fill(code!);
    await form.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText(/^Confirmed\. You can go on with/)).toBeVisible();
    await expect(form).toHaveCount(0);
    return;
  }
  await page.goto(linkTo(mail, "/confirm-sign-in/"));
  await expect(page.getByText(/^Confirmed\. Until/)).toBeVisible();
  if (shots) await atBothSizes(page, `${shots}-confirmed`);
  await page.getByRole("link", { name: "Continue in Settings" }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
}

/** Screenshots at a desktop's size and a phone's (1280×900, 390×844), then back to the default. */
export async function atBothSizes(page: Page, name: string, before?: () => Promise<unknown>): Promise<void> {
  for (const [label, size] of [
    ["desktop", { width: 1280, height: 900 }],
    ["mobile", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await before?.();
    await shoot(page, `${name}-${label}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * The page's layout shift so far and over `ms` more (a PerformanceObserver's sum), with what moved:
 * each shifted element's tag, classes and text, and where it was and went. `{ total: 0, moved: [] }`
 * for a page that held still. `since: "now"` leaves out what moved before the call (the page's
 * loading), for a spec about what the running app does.
 */
export function layoutShift(
  page: Page,
  ms = 300,
  { since = "load" }: { since?: "load" | "now" } = {},
): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    ({ wait, buffered }) =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        const box = (r: DOMRectReadOnly) =>
          `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        type Shift = {
          value: number;
          sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Shift[]) {
            total += entry.value;
            for (const { node, previousRect, currentRect } of entry.sources ?? []) {
              const el = node instanceof Element ? node : node?.parentElement;
              const what = el
                ? `<${el.tagName.toLowerCase()} class="${el.className}"> "${(el.textContent ?? "").trim().slice(0, 40)}"`
                : "a node";
              moved.push(`${what} ${box(previousRect)} → ${box(currentRect)}`);
            }
          }
        }).observe({ type: "layout-shift", buffered });
        setTimeout(() => resolve({ total, moved }), wait);
      }),
    { wait: ms, buffered: since === "load" },
  );
}

/**
 * Holds back the requests to `url` (a glob, as `page.route` takes) until the returned function is
 * called, as a slow connection would: the page's waiting state can be seen, then the answer comes.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
