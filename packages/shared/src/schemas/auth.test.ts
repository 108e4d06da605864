import { describe, expect, it } from "vitest";
import { apiTokenForm, emailKey, emailSchema, loginInput, passwordSchema, updateUserInput } from "./auth";

describe("account schemas", () => {
  it("normalises e-mail to its trimmed lower-case form and rejects malformed ones", () => {
    expect(emailSchema.parse("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(emailSchema.safeParse("not-an-email").error?.issues[0]?.message).toBe("Invalid email format.");
    expect(emailSchema.safeParse("   ").error?.issues[0]?.message).toBe("Email is required.");
  });

  it("keeps passwords between 6 and 30 characters", () => {
    expect(passwordSchema.safeParse("12345").success).toBe(false);
    expect(passwordSchema.safeParse("123456").success).toBe(true);
    expect(passwordSchema.safeParse("x".repeat(30)).success).toBe(true);
    expect(passwordSchema.safeParse("x".repeat(31)).success).toBe(false);
  });

  it("requires a name and accepts only the three member types", () => {
    expect(updateUserInput.safeParse({ name: "  " }).error?.issues[0]?.message).toBe("Name is required.");
    expect(updateUserInput.safeParse({ name: "Ada", type: "Gold" }).success).toBe(false);
    expect(updateUserInput.parse({ name: " Ada ", type: "Travel Host" })).toEqual({ name: "Ada", type: "Travel Host" });
  });

  it("lower-cases the login e-mail", () => {
    expect(loginInput.parse({ email: " ADA@x.io", password: "p" }).email).toBe("ada@x.io");
  });
});

describe("the API token form", () => {
  it("needs a name, a scope, and an expiry that is a real day still ahead, or none", () => {
    expect(apiTokenForm.safeParse({ name: " ", scope: "read", expires: "" }).error?.issues[0]?.message).toBe(
      "Give the token a name.",
    );
    expect(apiTokenForm.parse({ name: " ci ", scope: "seed", expires: "" })).toEqual({
      name: "ci",
      scope: "seed",
      expires: null,
    });
    expect(apiTokenForm.safeParse({ name: "ci", scope: "root", expires: "" }).error?.issues[0]?.message).toBe(
      "The scope must be read, seed or admin.",
    );
    expect(apiTokenForm.safeParse({ name: "ci", scope: "read", expires: "2027-02-29" }).error?.issues[0]?.message).toBe(
      "The expiry date must be a real day, like 2027-01-31.",
    );
    expect(apiTokenForm.safeParse({ name: "ci", scope: "read", expires: "2020-01-01" }).error?.issues[0]?.message).toBe(
      "The expiry date must be in the future.",
    );
    expect(apiTokenForm.parse({ name: "ci", scope: "admin", expires: "2999-12-31" }).expires).toEqual(
      new Date("2999-12-31T23:59:59"),
    );
  });
});

describe("emailKey", () => {
  it("lower-cases A to Z and trims, as stored e-mails are compared", () => {
    expect(emailKey("  Kate@Club.TEST ")).toBe("kate@club.test");
  });

  it("matches no stored e-mail when lower-casing would change anything else", () => {
    // The Kelvin sign and a dotted capital I lower-case to ASCII letters in JavaScript.
    expect("\u212Aate@club.test".toLowerCase()).toBe("kate@club.test");
    expect(emailKey("\u212Aate@club.test")).toBeNull();
    expect(emailKey("\u0130da@club.test")).toBeNull();
    expect(loginInput.parse({ email: "\u212Aate@club.test", password: "x" }).email).toBe("\u212Aate@club.test");
  });
});
