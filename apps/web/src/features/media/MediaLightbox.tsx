import { useEffect, useMemo, useRef, useState } from "react";
import Lightbox, {
  type FullscreenRef,
  type Slide,
  type SlideshowRef,
  type ThumbnailsRef,
  type ZoomRef,
} from "yet-another-react-lightbox";
import Fullscreen from "yet-another-react-lightbox/plugins/fullscreen";
import Slideshow from "yet-another-react-lightbox/plugins/slideshow";
import Thumbnails from "yet-another-react-lightbox/plugins/thumbnails";
import Video from "yet-another-react-lightbox/plugins/video";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/thumbnails.css";
import { LightboxLike } from "./LightboxLike";
import { labelOf } from "./label";
import { LIGHTBOX, lightboxKeyAction } from "./lightbox-config";
import type { MediaItem } from "./types";

function slideOf(m: MediaItem): Slide {
  // Until its playable version exists a video shows its poster (the upload may not play here).
  if (m.media_type === "video" && m.processing === "processing" && m.thumbnail_url) {
    return { src: m.thumbnail_url, alt: `${labelOf(m)} (processing)` };
  }
  if (m.media_type === "video") {
    return {
      type: "video",
      sources: [{ src: m.url, type: m.content_type }],
      ...(m.thumbnail_url ? { poster: m.thumbnail_url } : {}),
    };
  }
  return {
    src: m.url,
    alt: m.description ?? labelOf(m),
    ...(m.width && m.height ? { width: m.width, height: m.height } : {}),
    // The lightbox picks the copy that fits the screen (and loads a larger one when zoomed).
    ...(m.sources.length > 0
      ? { srcSet: m.sources.map((s) => ({ src: s.url, width: s.width, height: s.height })) }
      : {}),
    ...(m.thumbnail_url ? { thumbnail: m.thumbnail_url } : {}),
  };
}

/** Images and videos in a lightbox with the club's settings and keys. */
export function MediaLightbox({ items, index, onClose }: { items: MediaItem[]; index: number; onClose: () => void }) {
  const thumbnails = useRef<ThumbnailsRef>(null);
  const zoom = useRef<ZoomRef>(null);
  const fullscreen = useRef<FullscreenRef>(null);
  const slideshow = useRef<SlideshowRef>(null);
  const [idle, setIdle] = useState(false);
  /** The item shown, for the heart. */
  const [shown, setShown] = useState(index);
  const item = items[shown];
  // The lightbox goes back to `index` whenever it is given a new list of slides: made once per
  // list, and `index` kept at the item shown, so a re-render (the heart's count, the list fetched
  // again after a like) leaves her where she is.
  const slides = useMemo(() => items.map(slideOf), [items]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = lightboxKeyAction(e.key);
      if (!action) return;
      e.preventDefault();
      if (action === "thumbnails") thumbnails.current?.[thumbnails.current.visible ? "hide" : "show"]();
      if (action === "zoom-in") zoom.current?.zoomIn();
      if (action === "zoom-out") zoom.current?.zoomOut();
      if (action === "fullscreen") fullscreen.current?.[fullscreen.current.fullscreen ? "exit" : "enter"]();
      if (action === "slideshow") slideshow.current?.[slideshow.current.playing ? "pause" : "play"]();
    };
    // The controls fade after a quiet spell and return with any movement.
    let timer = window.setTimeout(() => setIdle(true), LIGHTBOX.interfaceFadeOutMs);
    const wake = () => {
      setIdle(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setIdle(true), LIGHTBOX.interfaceFadeOutMs);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointermove", wake);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointermove", wake);
    };
  }, []);

  return (
    <Lightbox
      open
      close={onClose}
      index={shown}
      slides={slides}
      on={{ view: ({ index: now }) => setShown(now) }}
      toolbar={{ buttons: [item ? <LightboxLike key="like" item={item} /> : null, "close"] }}
      plugins={[Fullscreen, Slideshow, Thumbnails, Video, Zoom]}
      animation={{ zoom: LIGHTBOX.zoomTransitionMs }}
      carousel={{ spacing: `${LIGHTBOX.slideDistance * 100}%` }}
      // Up to twice the photo's own pixels: with the library's default (1×), a photo that already
      // fills the screen could not be zoomed at all, and + did nothing.
      zoom={{ ref: zoom, zoomInMultiplier: 1 + LIGHTBOX.zoomIncrement, maxZoomPixelRatio: 2 }}
      slideshow={{ ref: slideshow, delay: LIGHTBOX.slideshowDelayMs }}
      fullscreen={{ ref: fullscreen }}
      thumbnails={{ ref: thumbnails, hidden: window.innerWidth < LIGHTBOX.narrowScreenPx }}
      video={{ controls: true, autoPlay: true }}
      styles={{
        toolbar: { opacity: idle ? 0 : 1, transition: "opacity 600ms" },
        navigationPrev: { opacity: idle ? 0 : 1 },
        navigationNext: { opacity: idle ? 0 : 1 },
      }}
    />
  );
}
