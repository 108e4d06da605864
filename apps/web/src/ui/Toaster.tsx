import { lazy, Suspense, useEffect, useState } from "react";

// The toast library is not in the first script every page loads: it is fetched as soon as the app
// starts and shown once mounted (toasts only follow something she did, after the page is running).
const ToasterView = lazy(() => import("./ToasterView").then((m) => ({ default: m.ToasterView })));

/** Transient results; see ToasterView. Not rendered on the server, so the first render matches it. */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
