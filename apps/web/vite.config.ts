import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const api = "http://localhost:3000";
// Paths that are both a page (GET) and an API call (POST) go to the server only when posted.
const postOnly = {
  target: api,
  bypass: (req: { method?: string }) => (req.method === "GET" ? "/index.html" : undefined),
};

export default defineConfig({
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss()],
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
  build: { outDir: "dist", sourcemap: true },
  test: {
    environment: "jsdom",
    globals: false,
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test-setup.ts"],
  },
});
