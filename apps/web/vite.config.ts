import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest|xml)$/;

/**
 * Writes a `.br` and a `.gz` beside every text file of the build, at the highest settings, once:
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing on
 * each request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  let server = false;
  return {
    name: "club-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      server = Boolean(config.build.ssr);
    },
    async closeBundle() {
      // The server's renderer is read from disk by the server, never sent to a browser.
      if (server) return;
      const brotli = promisify(brotliCompress);
      const gz = promisify(gzip);
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      for (const file of files) {
        const path = join(outDir, file);
        const body = await readFile(path);
        if (body.length < 1024) continue;
        const br = await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        await writeFile(`${path}.br`, br);
        await writeFile(`${path}.gz`, await gz(body, { level: 9 }));
      }
    },
  };
}

/**
 * The faces every page shows above the fold (headings and the logo in Cormorant Garamond 600, card
 * titles and small headings such as a dialog's labels in its 500; text, links and buttons in Inter
 * 400, 500 and 600), Latin subsets only: the extended Latin ones load when a name needs them. A
 * face left out is never swapped in (`optional`): the Events cards' titles and the photo dialog's
 * labels were painted in the system's serif on a first visit while 500 was not here.
 */
const FIRST_PAINT_FACES = [
  /^assets\/cormorant-garamond-latin-500-normal-[\w-]+\.woff2$/,
  /^assets\/cormorant-garamond-latin-600-normal-[\w-]+\.woff2$/,
  /^assets\/inter-latin-400-normal-[\w-]+\.woff2$/,
  /^assets\/inter-latin-500-normal-[\w-]+\.woff2$/,
  /^assets\/inter-latin-600-normal-[\w-]+\.woff2$/,
];

/**
 * Preloads the first paint's faces from the page's head (the rendered pages use the same head).
 * Found through the stylesheet alone, a face is asked for only once the CSS has arrived and the
 * text is laid out, too late for `font-display: optional`, so a first visit painted in the
 * fallback faces. Preloaded, the fetch starts with the stylesheet's, and Chromium holds the first
 * paint for a preloaded optional face for a moment instead of never swapping it in.
 */
function preloadFonts(): Plugin {
  return {
    name: "club-preload-fonts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {});
        return FIRST_PAINT_FACES.map((face) => {
          const file = files.find((f) => face.test(f));
          if (!file)
            throw new Error(`No font file in the build matches ${face}: fonts.css and vite.config.ts disagree.`);
          return {
            tag: "link",
            attrs: { rel: "preload", as: "font", type: "font/woff2", href: `/${file}`, crossorigin: "" },
            injectTo: "head",
          };
        });
      },
    },
  };
}

const api = "http://localhost:3000";
// Paths that are both a page (GET) and an API call (POST) go to the server only when posted.
const postOnly = {
  target: api,
  bypass: (req: { method?: string }) => (req.method === "GET" ? "/index.html" : undefined),
};

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    preloadFonts(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      "/trpc": api,
      "/api": api,
      "/media": api,
      "/auth-status": api,
      "/user-details": api,
      "/update-user": api,
      "/update-password": api,
      "/upload-media": api,
      "/upload-image": api,
      "/healthz": api,
      "/readyz": api,
      "/login": postOnly,
      "/logout": postOnly,
      "/request": postOnly,
      "/forgot-password": postOnly,
      "/reset-password": postOnly,
    },
  },
  // Source maps are written for the people who run the club (stack traces) but not linked from the
  // bundles, and the server does not serve them.
  build: { outDir: "dist", sourcemap: "hidden" },
  // The server's renderer (`vite build --ssr`, into dist/ssr) carries its libraries with it: the
  // server imports one file and needs none of the web app's packages installed.
  ssr: { noExternal: true },
  resolve: {
    alias: [
      // The package's Node entry loads every language's names at start (by computed requires a
      // bundle cannot follow); its browser entry loads none, and the app registers English itself.
      { find: /^i18n-iso-countries$/, replacement: "i18n-iso-countries/index.js" },
    ],
  },
  test: {
    environment: "jsdom",
    globals: false,
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test-setup.ts"],
    // The files share each worker's jsdom and imported modules instead of making their own: the
    // suite spent 40 of its 44 CPU-seconds setting up jsdom and importing React for 19 files, and
    // 1 running its tests (now 20 in all). Every file cleans up after each test (test-setup.ts).
    isolate: false,
  },
});
