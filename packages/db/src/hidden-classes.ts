import { setFlagsFromString } from "node:v8";

// On the server's V8 (Node 20) an object made as `{ ...a, key }`, a literal that starts with a
// spread and adds a key, gets a hidden class of its own, one per object once the site is warm.
// Every function that then reads such objects (an answer's check, the serialiser, each request's
// checks of its session) goes through a megamorphic cache, and each object carries a class and a
// descriptor array of its own to collect (docs/decisions/an-answers-rows-share-one-shape.md).
// V8's own test of it is a natives-syntax call, allowed from here on for the function compiled below.
setFlagsFromString("--allow-natives-syntax");
const sameClass = new Function("a", "b", "return %HaveSameMap(a, b)") as (a: object, b: object) => boolean;

/** How many hidden classes the objects fall into (a test's measure). */
export function hiddenClassesOf(objects: readonly object[]): number {
  const seen: object[] = [];
  for (const o of objects) if (!seen.some((s) => sameClass(s, o))) seen.push(o);
  return seen.length;
}

/**
 * The objects of `n` calls, made after twenty to warm the site up: a literal's first few objects
 * share one class (V8 makes them before its inline cache has learnt the site).
 */
export async function madeAfterWarmUp<T extends object>(n: number, make: () => T | Promise<T>): Promise<T[]> {
  for (let i = 0; i < 20; i++) await make();
  const made: T[] = [];
  for (let i = 0; i < n; i++) made.push(await make());
  return made;
}
