import { describe, expect, it } from "vitest";
import { mayBeMedia } from "./upload";

describe("mayBeMedia", () => {
  it("takes photos and videos, and an iPhone's files the browser has no type for", () => {
    expect(mayBeMedia({ type: "image/jpeg", name: "a.jpg" })).toBe(true);
    expect(mayBeMedia({ type: "video/quicktime", name: "IMG_0042.MOV" })).toBe(true);
    expect(mayBeMedia({ type: "", name: "IMG_0042.MOV" })).toBe(true);
    expect(mayBeMedia({ type: "application/octet-stream", name: "IMG_0007.HEIC" })).toBe(true);
  });
  it("refuses what is clearly something else", () => {
    expect(mayBeMedia({ type: "application/pdf", name: "minutes.pdf" })).toBe(false);
    expect(mayBeMedia({ type: "", name: "notes.txt" })).toBe(false);
    expect(mayBeMedia({ type: "text/plain", name: "trick.mov" })).toBe(false);
  });
});
