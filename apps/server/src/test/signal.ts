/**
 * A moment a test waits for, told by the code under test (or the other way round): `happened` settles
 * when `tell()` is called. What a test would otherwise guess with a sleep.
 */
export function signal(): { happened: Promise<void>; tell: () => void } {
  let tell = () => {};
  const happened = new Promise<void>((resolve) => {
    tell = resolve;
  });
  return { happened, tell };
}
