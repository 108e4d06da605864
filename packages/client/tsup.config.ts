import { defineConfig } from "tsup";

/**
 * ESM for Node, and one declaration file in which the server's router is the types-only one that
 * build/router-types.ts writes (run first by `pnpm build`): `@club/api` resolves to that file, so the
 * published types name no package of the workspace.
 */
export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  clean: true,
  dts: {
    compilerOptions: { baseUrl: ".", paths: { "@club/api": ["./build/generated/api.d.ts"] } },
  },
});
