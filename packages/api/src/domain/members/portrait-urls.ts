/** Where the server serves a portrait's copies (members only): `/portraits/<uuid>/<side>.webp`. */
export type Portrait = { small: string; large: string; placeholder: string | null } | null;

export function portraitOf(prefix: string | null, placeholder: string | null): Portrait {
  if (!prefix) return null;
  return { small: `/${prefix}/160.webp`, large: `/${prefix}/512.webp`, placeholder };
}
