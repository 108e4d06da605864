import { describe, expect, it } from "vitest";
import { passwordChangeForm, registrationForm, resetPasswordForm } from "./forms";

const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("form schemas", () => {
  it("settings: all three fields, matching new passwords of 6 to 30 characters, in the spec's words", () => {
    expect(
      messagesOf(passwordChangeForm.safeParse({ oldPassword: "", newPassword: "abcdef", confirm: "abcdef" })),
    ).toEqual({
      oldPassword: "Current password is required.",
    });
    expect(
      messagesOf(passwordChangeForm.safeParse({ oldPassword: "o", newPassword: "abcdef", confirm: "abcdeg" })),
    ).toEqual({
      confirm: "New passwords do not match",
    });
    expect(messagesOf(passwordChangeForm.safeParse({ oldPassword: "o", newPassword: "abc", confirm: "abc" }))).toEqual({
      newPassword: "Password must be 6 to 30 characters.",
    });
    expect(passwordChangeForm.safeParse({ oldPassword: "o", newPassword: "abcdef", confirm: "abcdef" }).success).toBe(
      true,
    );
  });

  it("reset and registration say 'Passwords do not match.'; registration needs a name and a type", () => {
    expect(messagesOf(resetPasswordForm.safeParse({ newPassword: "abcdef", confirm: "x" }))).toEqual({
      confirm: "Passwords do not match.",
    });
    expect(
      messagesOf(registrationForm.safeParse({ name: " ", type: "", newPassword: "abcdef", confirm: "abcdef" })),
    ).toEqual({
      name: "Name is required.",
      type: "Account type is required.",
    });
  });
});
