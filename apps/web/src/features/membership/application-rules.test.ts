import { describe, expect, it } from "vitest";
import { step2Problem } from "./application-rules";

const ok = {
  full_name: "Ada",
  email: "ada@example.com",
  phone: "+1-5551234567",
  reason: "Time",
  interests: ["Travel"],
};

describe("application step 2", () => {
  it("requires every field and one interest", () => {
    expect(step2Problem(ok)).toBeUndefined();
    expect(step2Problem({ ...ok, reason: " " })).toBe("Please fill out all required fields.");
    expect(step2Problem({ ...ok, interests: [] })).toBe("Please fill out all required fields.");
  });
  it("checks the e-mail and phone formats, and the phone blocks", () => {
    expect(step2Problem({ ...ok, email: "ada@" })).toBe("Invalid email format.");
    expect(step2Problem({ ...ok, phone: "5551234567" })).toBe("Invalid phone number.");
    expect(step2Problem({ ...ok, phone: "+44-20123456789" })).toBe("Invalid phone number.");
    expect(step2Problem({ ...ok, phone: "0044-2012345678" })).toBeUndefined();
  });
});
