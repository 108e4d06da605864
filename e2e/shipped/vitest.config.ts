import { defineConfig } from "vitest/config";

// The product as shipped (docs/developing.md, "Tests"): one built server for every file, packed packages
// installed by npm. Files one after the other: each installs packages and runs tsc or the CLI,
// work enough for the two cores of a CI machine.
export default defineConfig({
  test: {
    include: ["shipped/**/*.test.ts"],
    globalSetup: ["shipped/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
