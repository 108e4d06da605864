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

  it("refuses what a browser would read as another site once it drops tabs and line breaks", () => {
    // Found in review: "/\t/evil.example" passed, and a browser follows it to //evil.example.
    expect(safeRedirect("/\t/evil.example")).toBe("/home");
    expect(safeRedirect("/\n/evil.example")).toBe("/home");
    expect(safeRedirect("/x\\..\\\\evil.example")).toBe("/home");
    expect(safeRedirect("/events?next=%2F%2Fevil.example#top")).toBe("/events?next=%2F%2Fevil.example#top");
  });
});
