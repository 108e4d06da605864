// Starts the app on a page the server rendered, once that page has been painted: the HTML and its
// styles reach the screen first, and the app's code (which makes the page interactive) is fetched
// after, instead of competing with them for a phone's bandwidth. The server writes the entry and its
// imports into this script's data attributes (apps/server/src/plugins/page-render.ts).
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  const start = () => {
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
  // The frame's callback runs just before it is painted; the timeout, just after.
  requestAnimationFrame(() => setTimeout(start, 0));
})();
