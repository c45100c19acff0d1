import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs`: a search asks once the typing pauses, not per key. */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
