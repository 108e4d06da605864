/**
 * The NUL character cannot be stored in a Postgres text column (the database refuses the whole
 * statement), and no person types one. Every input that reaches the server is checked for it in
 * one place (the API's input gate), with this finder, and refused with a message naming the field.
 */
export function findNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key];
      const found = findNul(v, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

export function nulMessage(path: string[]): string {
  const field = path.filter((p) => !/^\d+$/.test(p)).at(-1);
  return `${field ? `The field "${field}"` : "The text"} contains an invisible NUL character; please remove it and try again.`;
}

/**
 * The invisible characters that reorder text (U+061C, U+200E, U+200F, U+202A–U+202E,
 * U+2066–U+2069): in a name or a bio they make what a member reads differ from what was written
 * ("Ana‮gpj.exe" shown as "Anaexe.jpg"), and nobody types one by accident.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
export const hasBidiControls = (text: string): boolean => BIDI_CONTROLS.test(text);
export const bidiMessage = (field: string) =>
  `The ${field} contains invisible characters that change the direction of the text; please remove them.`;
