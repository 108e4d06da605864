import { describe, expect, it } from "vitest";
import { downloadName } from "./download";

describe("downloadName", () => {
  it("keeps a title people chose, with the stored file's extension", () => {
    expect(downloadName({ title: "Summer Gala", name: "IMG_1.HEIC" }, "media/x/display.webp")).toBe("Summer Gala.webp");
    expect(downloadName({ title: null, name: "clip.mov" }, "media/x/video.mp4")).toBe("clip.mp4");
    // Untitled: saved under the uploaded file's own name, never shown as its title.
    expect(downloadName({ title: null, name: null, fileName: "IMG_0042.MOV" }, "media/x/video.mp4")).toBe(
      "IMG_0042.mp4",
    );
  });

  it("leaves out what a file system or a header would misread", () => {
    expect(downloadName({ title: '../a/b\\c:"d"\u0000\ne', name: null }, "media/x/display.webp")).toBe(
      "a b c d e.webp",
    );
    expect(downloadName({ title: "  ", name: null }, "media/x/display.webp")).toBe("media.webp");
  });

  it("leaves out the marks that reorder how a name is shown, and every other control character", () => {
    // "Invoice\u202Egnp.exe" is shown as "Invoiceexe.png"; its own extension goes as any title's does.
    expect(downloadName({ title: "Invoice\u202Egnp.exe", name: null }, "media/x/display.webp")).toBe("Invoicegnp.webp");
    const bidi = ["\u061C", "\u200E", "\u200F", "\u202A", "\u202B", "\u202C", "\u202D", "\u202E"];
    for (const mark of [...bidi, "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(downloadName({ title: `Gala${mark} night`, name: null }, "media/x/display.webp"), mark).toBe(
        "Gala night.webp",
      );
    }
    expect(downloadName({ title: "Gala\u0085\u009b night\u2028", name: null }, "media/x/display.webp")).toBe(
      "Gala night.webp",
    );
    expect(downloadName({ title: "\u202E\u2066", name: "clip.mov" }, "media/x/video.mp4")).toBe("media.mp4");
  });
});
