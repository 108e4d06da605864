// A packed package's package.json keeps what its users install and run. Its development tools and
// scripts stay in the workspace: a devDependency on a workspace package would otherwise be packed
// as `"@club/api": "0.0.0"`, a version that exists nowhere.
// A package both depends on and declares as an optional peer (the CLI's database packages) gets it
// in the workspace and in `pnpm deploy` (the Docker image), while its packed manifest leaves it to
// the user: npm does not install optional peers.
module.exports = {
  hooks: {
    beforePacking(pkg) {
      delete pkg.devDependencies;
      delete pkg.scripts;
      for (const [name, meta] of Object.entries(pkg.peerDependenciesMeta ?? {})) {
        if (meta.optional && pkg.dependencies) delete pkg.dependencies[name];
      }
      if (pkg.dependencies && Object.keys(pkg.dependencies).length === 0) delete pkg.dependencies;
      return pkg;
    },
  },
};
