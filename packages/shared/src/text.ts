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
