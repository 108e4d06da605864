// The app's icons for a phone's home screen (public/icons, named in public/manifest.webmanifest),
// drawn from the favicon's monogram. Run again after changing it:
//   pnpm --filter @club/storage exec node ../../apps/web/scripts/make-icons.cjs
// (sharp is the storage package's; the web app does not depend on it.)
const { join } = require("node:path");
const sharp = require("sharp");

const out = join(__dirname, "../public/icons");
/** The monogram; `safe`: shrunk into a maskable icon's safe zone, on a square the phone rounds itself. */
const svg = (size, safe) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" ${safe ? "" : 'rx="14"'} fill="#3d2b45"/><g transform="translate(32 32) scale(${safe ? 0.8 : 1}) translate(-32 -32)"><text x="32" y="44" text-anchor="middle" font-family="DejaVu Serif,Georgia,serif" font-size="36" fill="#c9a96e">C</text></g></svg>`,
  );

(async () => {
  for (const [name, size, safe] of [
    ["icon-192.png", 192, false],
    ["icon-512.png", 512, false],
    ["icon-maskable-512.png", 512, true],
    ["apple-touch-icon.png", 180, true],
  ]) {
    await sharp(svg(size, safe)).png({ compressionLevel: 9 }).toFile(join(out, name));
  }
})();
