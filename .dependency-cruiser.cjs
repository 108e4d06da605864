/**
 * The import graph's rules (`pnpm lint` runs them): no cycles; packages never import an app; the
 * web app takes from the API package its types only; routers never touch the database's tables; libraries
 * a server rarely needs load when used; background work reaches the API package through its own door.
 * See docs/where-code-goes.md.
 */
module.exports = {
  forbidden: [
    {
      name: "access-through-its-index",
      severity: "error",
      comment:
        "The access module is one module in a folder: outside it, rules are imported from its index (the shape ownership rules share stays inside).",
      from: { pathNot: "^packages/api/src/domain/access/" },
      to: { path: "^packages/api/src/domain/access/(?!index\\.ts$)" },
    },
    {
      name: "background-work-through-its-door",
      severity: "error",
      comment:
        "The server's background work (its workers and housekeeping) reaches the API package only through @club/api/background: the handler of each job kind, the work queued after a start and housekeeping's steps, by name. The package's index is the door of callers with a role, and a job has none (docs/decisions/background-work-has-its-own-door.md).",
      from: { path: "^apps/server/src/(workers|housekeeping)\\.ts$" },
      to: { path: "^packages/api/src/(?!background\\.ts$)" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: two modules that need each other belong together, or a third one is missing.",
      from: {},
      to: { circular: true },
    },
    {
      name: "packages-not-to-apps",
      severity: "error",
      comment:
        "Packages are used by the apps, never the other way round (a package's tests and their helpers in src/test may start the server to test against it).",
      from: { path: "^packages/", pathNot: "(\\.test\\.ts$|/src/test/)" },
      to: { path: "^apps/" },
    },
    {
      name: "web-takes-api-types-only",
      severity: "error",
      comment: "The browser gets the API's types, never its server code.",
      from: { path: "^apps/web/" },
      to: { path: "^packages/(api|db|auth|storage|mail|jobs)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "routers-not-to-tables",
      severity: "error",
      comment:
        "A router validates, checks access and calls the domain; reading and writing tables is the domain's (packages/api/src/domain).",
      from: { path: "^packages/api/src/routers/" },
      to: { path: "^packages/db/" },
    },
    {
      name: "cli-remote-loads-no-database",
      severity: "error",
      comment:
        "The CLI's remote commands run where the database's packages are not installed (an npm install for --url use). Outside local/ and the seed's database target, the CLI takes the server's packages for types only and reaches database code through `await import()` (npm packages are not followed here: the test of the packed CLI runs remote commands without them).",
      from: {
        path: "^packages/cli/src/",
        pathNot: "^packages/cli/src/(local/|seed/local-target\\.ts$|test/)|\\.test\\.ts$",
      },
      to: {
        path: "^packages/(api|auth|db|mail|storage)/|^packages/jobs/src/(?!kinds\\.ts$)|^packages/cli/src/(local/|seed/local-target)",
        dependencyTypesNot: ["type-only", "dynamic-import"],
      },
    },
    {
      name: "rarely-used-libraries-load-when-used",
      severity: "error",
      comment:
        "Libraries that a server on the embedded default never needs at start (MinIO, SMTP, Redis, passkeys, the group mail's sanitiser) are loaded with `await import()` where they are used, so they take no memory until then (docs/decisions/README.md, \"The embedded database's memory\"). Tests may import them.",
      from: { pathNot: "(\\.test\\.ts$|/src/test/)" },
      to: {
        path: "node_modules/(minio|nodemailer|ioredis|sanitize-html|@simplewebauthn/server)/",
        dependencyTypesNot: ["type-only", "dynamic-import"],
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // The workspace's own builds, not a library's (minio's code is in its dist/).
    exclude: { path: "^(apps|packages)/[^/]+/(dist|coverage)/|\\.gen\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
