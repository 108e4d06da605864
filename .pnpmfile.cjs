// A packed package's package.json keeps what its users install and run. Its development tools and
// scripts stay in the workspace: a devDependency on a workspace package would otherwise be packed
// as `"@club/api": "0.0.0"`, a version that exists nowhere.
// A package that says `"packedDependencies": "<field>"` (the CLI) is packed with its dependencies
// moved to that field: the workspace and `pnpm deploy` (the Docker image) install them, npm never
// does. The CLI's are the database's packages, which a remote install does without; it names them,
// with the versions tested here, when a database command finds one missing. Declaring them as
// optional peers instead made npm resolve them all the same, and refuse the install (ERESOLVE) the
// day the registry served a new major of one of their own peers.
module.exports = {
  hooks: {
    beforePacking(pkg) {
      delete pkg.devDependencies;
      delete pkg.scripts;
      if (typeof pkg.packedDependencies === "string" && pkg.dependencies) {
        pkg[pkg.packedDependencies] = pkg.dependencies;
        delete pkg.dependencies;
      }
      delete pkg.packedDependencies;
      if (pkg.dependencies && Object.keys(pkg.dependencies).length === 0) delete pkg.dependencies;
      return pkg;
    },
  },
};
