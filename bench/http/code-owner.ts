/**
 * Who a profile's frame belongs to: `node_modules/.pnpm/x@1/node_modules/@scope/pkg/…` → `@scope/pkg`,
 * node's own modules, the club's code by folder, or the frame's own name (native, the collector).
 */
export function owner(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const m = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith("node:")) return "node core";
  const own = /\/(apps|packages)\/([^/]+)\//.exec(url);
  return own ? `club ${own[2]}` : url;
}
