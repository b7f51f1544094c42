import { useEffect, useState } from 'react';

/** The time, re-read every `ms` while the tab is visible: for "12 s ago" that keeps counting. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => document.visibilityState === 'visible' && setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
