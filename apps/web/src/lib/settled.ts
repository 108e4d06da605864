import { useEffect, useState } from "react";

/**
 * `value` once it has stayed the same for `delayMs`: what a search box asks the server about when
 * typing pauses, instead of at every key.
 */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
