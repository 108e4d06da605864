import { describe, expect, it } from "vitest";
import { fitsForm, keepDrafts, keepWhileOpen, takeDraft } from "./kept-drafts";

describe("kept drafts", () => {
  it("keeps only forms she changed, under their page, until taken once", () => {
    const a = keepWhileOpen({ path: "/calendar", name: "event-create", values: () => ({ title: "Picnic" }) });
    const b = keepWhileOpen({ path: "/settings", name: "profile", values: () => undefined });
    keepDrafts();
    a();
    b();
    expect(takeDraft("/settings", "profile")).toBeUndefined();
    expect(takeDraft("/home", "event-create")).toBeUndefined();
    expect(takeDraft("/calendar", "event-create")).toEqual({ title: "Picnic" });
    expect(takeDraft("/calendar", "event-create")).toBeUndefined();
  });

  it("drops what is unreadable instead of failing", () => {
    sessionStorage.setItem("club:kept-drafts", "{not json");
    expect(takeDraft("/calendar", "event-create")).toBeUndefined();
  });

  it("puts a draft back only where its fields and their types match the form", () => {
    const defaults = { title: "", is_physical: true, tags: [] as string[] };
    expect(fitsForm({ title: "Picnic", is_physical: false, tags: ["a"] }, defaults)).toBe(true);
    expect(fitsForm({ title: 3 }, defaults)).toBe(false);
    expect(fitsForm({ password: "x" }, defaults)).toBe(false);
    expect(fitsForm({ tags: "a" }, defaults)).toBe(false);
  });
});
