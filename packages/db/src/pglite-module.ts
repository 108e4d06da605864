import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import v8 from "node:v8";
import type { PGliteOptions } from "@electric-sql/pglite";

type WasmModule = NonNullable<PGliteOptions["wasmModule"]>;

/**
 * Postgres's buffer cache inside the embedded database. PGlite 0.3 starts Postgres with
 * `-c shared_buffers=128MB` written into its WebAssembly (no option sets it, and a command-line
 * setting outranks postgresql.conf and ALTER SYSTEM), and the whole cache is resident from the
 * start (measured: 159 of 174 MB of WebAssembly memory). A club's whole database is smaller than
 * that: 9 MB migrated and empty (mostly Postgres's catalog), 16 MB with 2,000 events and 20,000
 * photos. A page not in the cache is read through Node's file system, which the kernel caches anyway;
 * at 16 MB the list benchmarks ran no slower (see docs/decisions/what-held-it-postgress-buffer-cache.md for
 * the figures).
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

const STOCK = "shared_buffers=128MB\0";

// Node's type definitions do not declare WebAssembly (the DOM's do): the one function used, typed here.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;

let compiled: Promise<WasmModule | undefined> | undefined;

/**
 * PGlite's Postgres compiled with `PGLITE_SHARED_BUFFERS` in place of its built-in 128 MB: the
 * setting is a C string in the module's data, replaced by one of the same length (NUL-padded), and
 * nothing else changes. Compiled once per process, as PGlite itself does. Undefined when the
 * installed PGlite does not carry that string exactly once (another version): it then starts as
 * shipped, and the test of the embedded database's settings says so.
 */
export function pgliteWasmModule(): Promise<WasmModule | undefined> {
  compiled ??= compile().catch(() => undefined);
  return compiled;
}

async function compile(): Promise<WasmModule | undefined> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const bytes = readFileSync(join(dirname(entry), "pglite.wasm"));
  const from = Buffer.from(STOCK, "latin1");
  const at = bytes.indexOf(from);
  if (at < 0 || bytes.indexOf(from, at + 1) >= 0) return undefined;
  const to = Buffer.alloc(from.length);
  if (to.write(`shared_buffers=${PGLITE_SHARED_BUFFERS}`, "latin1") >= from.length) return undefined;
  to.copy(bytes, at);
  return wasm.compile(bytes);
}

/**
 * For a process that runs for days (the server): WebAssembly compiled once, optimised. V8 compiles
 * it twice over by default: every function that runs with its quick compiler (Liftoff), then the
 * busy ones again with its optimising one (TurboFan), and keeps both. For Postgres's few megabytes
 * of code that is tens of megabytes resident; TurboFan alone, still lazily (a function when it
 * first runs), keeps one copy and ran the list benchmarks as fast or faster (see
 * docs/decisions/issue-37-one-compiled-copy-of-postgres-and-two.md). It costs at start: opening the
 * embedded database takes 2.9 s instead of 0.5, as every function Postgres runs once is optimised,
 * which a command that runs for seconds (`club`) and the tests would pay at every start; they keep
 * V8's default. A process-wide V8 setting, read when a module is compiled: call it before the
 * database is opened.
 */
export function compileWebAssemblyOnce(): void {
  v8.setFlagsFromString("--no-liftoff");
}
