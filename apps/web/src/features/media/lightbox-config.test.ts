import { describe, expect, it } from "vitest";
import { lightboxKeyAction } from "./lightbox-config";

describe("lightbox keys", () => {
  it("maps t, + and -, F11 and Space", () => {
    expect(lightboxKeyAction("t")).toBe("thumbnails");
    expect(lightboxKeyAction("+")).toBe("zoom-in");
    expect(lightboxKeyAction("-")).toBe("zoom-out");
    expect(lightboxKeyAction("F11")).toBe("fullscreen");
    expect(lightboxKeyAction(" ")).toBe("slideshow");
    expect(lightboxKeyAction("Escape")).toBeUndefined();
  });
});
