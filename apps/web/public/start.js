// Starts the app on a page the server rendered, once that page has shown its content: the HTML, its
// styles and fonts reach the screen first, and the app's code (which makes the page interactive) is
// fetched after, instead of competing with them for a phone's bandwidth. The server writes the entry
// and its imports into this script's data attributes (apps/server/src/plugins/page-render.ts).
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (script.dataset.imports ?? "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    const app = document.createElement("script");
    app.type = "module";
    app.crossOrigin = "";
    app.src = entry;
    document.head.append(app);
  };
  // A page opened in the background paints nothing until shown: nothing to wait for.
  if (document.visibilityState === "hidden") return start();
  // At the latest after three seconds, whatever the browser reports.
  setTimeout(start, 3000);
  try {
    // The first paint with text or an image in it (the fonts have come, or their wait is over).
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    if (painted()) return start();
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: "paint", buffered: true });
  } catch {
    // A browser without paint timing: the frame's callback runs just before it is painted, the
    // timeout just after.
    requestAnimationFrame(() => setTimeout(start, 0));
  }
})();
