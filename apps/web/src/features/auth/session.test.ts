import { describe, expect, it } from "vitest";
import { safeRedirect } from "./session";

describe("safeRedirect", () => {
  it("follows this site's paths only", () => {
    expect(safeRedirect("/settings")).toBe("/settings");
    expect(safeRedirect("/events/spring-salon?tab=images")).toBe("/events/spring-salon?tab=images");
    expect(safeRedirect("https://evil.example")).toBe("/home");
    expect(safeRedirect("//evil.example")).toBe("/home");
    expect(safeRedirect("/\\evil.example")).toBe("/home");
    expect(safeRedirect(undefined)).toBe("/home");
    expect(safeRedirect("/logout")).toBe("/home");
  });
});
