import { describe, expect, it } from "vitest";
import { passwordChangeProblem } from "./PasswordForm";

describe("passwordChangeProblem", () => {
  it("asks for all fields, matching new passwords and 6 to 30 characters", () => {
    expect(passwordChangeProblem("", "abcdef", "abcdef")).toBe("Please fill in all three password fields.");
    expect(passwordChangeProblem("old", "abcdef", "abcdeg")).toBe("New passwords do not match");
    expect(passwordChangeProblem("old", "abc", "abc")).toBe("Password must be 6 to 30 characters.");
    expect(passwordChangeProblem("old", "abcdef", "abcdef")).toBeUndefined();
  });
});
