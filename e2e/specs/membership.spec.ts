import { expect, type Page, test } from "@playwright/test";
import { ADMIN, createMember, expectAccessible, screenshot, signIn } from "../fixtures";
import { linkTo, waitForMail } from "../mail";

async function createCode(page: Page): Promise<string> {
  await signIn(page, ADMIN.email, { to: "/invitation-codes" });
  await page.getByLabel("Uses (empty: unlimited)").fill("5");
  await page.getByRole("button", { name: "Create code" }).click();
  const code = (await page.locator("code").first().textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{16}$/);
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);
  return code;
}

async function apply(
  page: Page,
  code: string,
  person: { name: string; email: string; type: "Standard" | "Travel Host" },
) {
  await page.goto("/request");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter your invitation code.");
  await page.getByLabel("Invitation code").fill("WRONG-CODE");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid invitation code.");
  await page.getByLabel("Invitation code").fill(code);
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
  // Nothing is called wrong before the applicant has tried to go on.
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill out all required fields.");
  await page.getByLabel("Full name").fill(person.name);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Phone").fill("+1-5551234567");
  await page.getByLabel("Why would you like to join?").fill("To paint again, among peers.");
  await page.getByLabel("Art Displays").check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email format.");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Phone").fill("555");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid phone number.");
  await page.getByLabel("Phone").fill("+1-5551234567");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Additional Information" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await screenshot(page, "application-step-3");
  await page.getByLabel("Availability").selectOption("Weekends");
  await page.getByLabel("Membership type").selectOption(person.type);
  if (person.type === "Travel Host") {
    await page.getByLabel("Property address").fill("1 Lake Road, Como");
    await page.getByLabel("Type of property").fill("Villa");
    await page.getByLabel("Property description").fill("Three bedrooms by the water.");
    await page.getByLabel("Property availability").selectOption("Seasonal");
  }
  await page.getByLabel("How did you hear about us?").fill("A friend");
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByRole("heading", { name: "Application Submitted Successfully!" })).toBeVisible();
  await waitForMail(person.email, /received your membership application/);
}

test("from invitation code to signed-in member", async ({ page }) => {
  const code = await createCode(page);
  await apply(page, code, { name: "Grace Hopper", email: "grace@example.com", type: "Standard" });
  await apply(page, code, { name: "Helen Host", email: "helen@example.com", type: "Travel Host" });
  await screenshot(page, "application-submitted");

  await signIn(page, ADMIN.email, { to: "/applications" });
  await expect(page.getByRole("heading", { name: "Membership Applications" })).toBeVisible();
  // Newest first: Helen's application, with her property.
  await expect(page.getByRole("heading", { name: "Helen Host" })).toBeVisible();
  await expect(page.getByText("1 Lake Road, Como")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "applications");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();
  await page.getByRole("button", { name: "Accept" }).click();
  const decide = page.getByRole("dialog", { name: "Accept Grace Hopper's application?" });
  await decide.getByRole("button", { name: "Yes, Accept" }).click();
  await expect(page.getByText("Accepted. She has been sent a link to register.")).toBeVisible();
  await page.getByRole("tab", { name: "Accepted" }).click();
  await expect(page).toHaveURL(/tab=Accepted/);
  await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);

  const welcome = await waitForMail("grace@example.com", /complete your registration/);
  await page.goto(linkTo(welcome, "/register/"));
  await expect(page.getByLabel("Email")).toHaveValue("grace@example.com");
  await page.getByLabel("Password", { exact: true }).fill("grace-pass-1");
  await page.getByLabel("Confirm password").fill("grace-pass-2");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match.");
  await page.getByLabel("Confirm password").fill("grace-pass-1");
  await page.getByRole("button", { name: "Create account" }).click();
  // Signed in as she registers: her club, not Login.
  await expect(page).toHaveURL(/\/member-home$/);
  await expect(page.getByText("Your account is ready. Welcome to the club!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome, Grace Hopper" })).toBeVisible();
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await page.getByLabel("Email").fill("grace@example.com");
  await page.getByLabel("Password").fill("grace-pass-1");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/member-home$/);

  await page.goto(linkTo(welcome, "/register/"));
  await expect(page.getByRole("alert")).toHaveText("Invalid or expired token. Please request a new invitation.");
});

test("forgot and reset password through the e-mailed link", async ({ page, request }) => {
  await createMember(request, { email: "fay@example.com", name: "Fay Forgetful" });
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("fay@example.com");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that e-mail");
  const mail = await waitForMail("fay@example.com", /Reset your password/);
  await page.goto(linkTo(mail, "/reset-password/"));
  await page.getByLabel("New password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm new password").fill("abc");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be 6 to 30 characters.");
  await page.getByLabel("New password", { exact: true }).fill("fresh-pass-1");
  await page.getByLabel("Confirm new password").fill("fresh-pass-1");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Password has been reset successfully.")).toBeVisible();
  await page.getByRole("link", { name: "Go to Login" }).click();
  await signIn(page, "fay@example.com", { password: "fresh-pass-1" });
});

test("an admin changes a privilege, resets a password and mails a group", async ({ page, browser, request }) => {
  await createMember(request, { email: "sam@example.com", name: "Sam Standard" });
  await signIn(page, ADMIN.email, { to: "/users" });
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  // By role, which leaves out the hidden one of the two layouts (the cards at a desk; getByLabel finds both).
  await page.getByRole("combobox", { name: "Type of Sam Standard" }).selectOption("Travel Host");
  await expect(page.getByText("Sam Standard is now a Travel Host member.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Type of Sam Standard" })).toHaveValue("Travel Host");
  // Search narrows the list; the admin's own row offers no reset.
  await page.getByLabel("Search by name or e-mail").fill("sam@");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=sam/);
  await expect(page.getByRole("table", { name: /^Members of the club/ }).locator("tbody tr")).toHaveCount(1);
  await page.getByLabel("Search by name or e-mail").fill("");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Manage ${ADMIN.name}` }).click();
  await expect(page.getByRole("menuitem", { name: "Your password: in Settings" })).toBeVisible();
  await page.keyboard.press("Escape");
  // A reset asks first, then shows the temporary password once.
  await page.getByRole("button", { name: "Manage Sam Standard" }).click();
  await page.getByRole("menuitem", { name: "Reset to temporary password" }).click();
  const confirm = page.getByRole("dialog", { name: "Reset Sam Standard's password to the temporary password?" });
  await screenshot(page, "users-confirm-reset");
  await confirm.getByRole("button", { name: "Yes, Reset" }).click();
  const done = page.getByRole("dialog", { name: "Sam Standard's temporary password" });
  await expect(done.getByRole("status")).toHaveText("Password reset to Welcome2Club!");
  await done.getByRole("button", { name: "Done" }).click();
  await screenshot(page, "users");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "users-phone");
  await page.setViewportSize({ width: 1280, height: 720 });

  const member = await browser.newPage();
  await member.goto("/login");
  await member.getByLabel("Email").fill("sam@example.com");
  await member.getByLabel("Password").fill("Welcome2Club!");
  await member.getByRole("button", { name: "Login" }).click();
  await expect(member).toHaveURL(/\/settings$/);
  await expect(member.getByText("Please choose a new one before you continue.")).toBeVisible();
  await member.getByLabel("Old password").fill("Welcome2Club!");
  await member.getByLabel("New password", { exact: true }).fill("mine-again-1");
  await member.getByLabel("Confirm new password").fill("mine-again-1");
  await member.getByRole("button", { name: "Change password" }).click();
  await expect(member.getByText("Password updated successfully")).toBeVisible();
  await member.goto("/calendar");
  await expect(member.getByRole("heading", { name: "Events" })).toBeVisible();
  await member.close();

  await page.goto("/mail");
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByRole("alert")).toHaveText("Subject and body are required.");
  await page.getByLabel("Recipients").selectOption("admins");
  await page.getByLabel("Subject").fill("Committee meeting");
  await expect(page.getByRole("alert")).toHaveText("Subject and body are required.");
  await page.getByRole("textbox", { name: "Message" }).click();
  await page.keyboard.type("See you ");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("Thursday");
  // The message goes as soon as its cause is fixed.
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.frameLocator('iframe[title="E-mail preview"]').getByText("Thursday")).toBeVisible();
  await page.getByRole("button", { name: "Send Email" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, Send" }).click();
  await expect(page.getByText("Email sent successfully.")).toBeVisible();
  const mail = await waitForMail(ADMIN.email, /Committee meeting/);
  expect(mail.html).toContain("<strong>Thursday</strong>");
  await screenshot(page, "mail");
});
