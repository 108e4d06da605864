/** The lightbox settings of SPEC.md section 9. */
export const LIGHTBOX = {
  slideshowDelayMs: 8000,
  interfaceFadeOutMs: 8000,
  zoomIncrement: 0.25,
  slideDistance: 0.3,
  zoomTransitionMs: 300,
  narrowScreenPx: 992,
} as const;

export type LightboxKeyAction = "thumbnails" | "zoom-in" | "zoom-out" | "fullscreen" | "slideshow" | undefined;

/** The keys the lightbox answers besides its own (Escape closes, arrows move). */
export function lightboxKeyAction(key: string): LightboxKeyAction {
  switch (key) {
    case "t":
    case "T":
      return "thumbnails";
    case "+":
    case "=":
      return "zoom-in";
    case "-":
      return "zoom-out";
    case "F11":
      return "fullscreen";
    case " ":
      return "slideshow";
    default:
      return undefined;
  }
}
