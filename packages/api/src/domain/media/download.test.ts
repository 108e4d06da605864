import { describe, expect, it } from "vitest";
import { downloadName } from "./download";

describe("downloadName", () => {
  it("keeps a title people chose, with the stored file's extension", () => {
    expect(downloadName({ title: "Summer Gala", name: "IMG_1.HEIC" }, "media/x/display.webp")).toBe("Summer Gala.webp");
    expect(downloadName({ title: null, name: "clip.mov" }, "media/x/video.mp4")).toBe("clip.mp4");
  });

  it("leaves out what a file system or a header would misread", () => {
    expect(downloadName({ title: '../a/b\\c:"d"\u0000\ne', name: null }, "media/x/display.webp")).toBe(
      "a b c d e.webp",
    );
    expect(downloadName({ title: "  ", name: null }, "media/x/display.webp")).toBe("media.webp");
  });
});
