// A packed package's package.json keeps what its users install and run. Its development tools and
// scripts stay in the workspace: a devDependency on a workspace package would otherwise be packed
// as `"@club/api": "0.0.0"`, a version that exists nowhere.
module.exports = {
  hooks: {
    beforePacking(pkg) {
      delete pkg.devDependencies;
      delete pkg.scripts;
      return pkg;
    },
  },
};
