// Loaded with `node --expose-gc --import` into a process the pglite-memory benchmark starts (the
// built server, or a bare Node as the baseline), so the figures come from inside without an endpoint
// in the product. Plain JavaScript: the server runs on plain Node, and a TypeScript loader would
// itself add to what is measured.
import { readFileSync } from "node:fs";

// WebAssembly memories are made by Emscripten's glue (PGlite's), out of our reach: keep a weak
// reference to each so their size can be read. A subclass, so `instanceof` still holds.
const memories = [];
const Memory = WebAssembly.Memory;
WebAssembly.Memory = class extends Memory {
  constructor(descriptor) {
    super(descriptor);
    memories.push(new WeakRef(this));
  }
};

/** The process's resident set as the kernel counts it (what `top` shows), in bytes. */
function rss() {
  const line = readFileSync("/proc/self/status", "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

process.on("message", (message) => {
  if (message !== "measure") return;
  // Twice: the first collection's finalisers free more for the second.
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  const wasm = memories.reduce((sum, ref) => sum + (ref.deref()?.buffer.byteLength ?? 0), 0);
  process.send?.({
    rss: rss(),
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    wasm,
  });
});
// The IPC channel must not keep the baseline (which has nothing else to do) from exiting when told.
process.channel?.unref();
