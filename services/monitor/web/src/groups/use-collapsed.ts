import { useCallback, useState } from 'react';

const KEY = 'monitor.collapsedGroups';

function load(): Set<string> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(v) ? v.map(String) : []);
  } catch {
    return new Set();
  }
}

/** Which dashboard sections are collapsed ("none" for no group), remembered in this browser. */
export function useCollapsed(): [ReadonlySet<string>, (key: string) => void] {
  const [collapsed, setCollapsed] = useState<Set<string>>(load);
  const toggle = useCallback((key: string) => {
    setCollapsed((old) => {
      const next = new Set(old);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      try {
        localStorage.setItem(KEY, JSON.stringify([...next]));
      } catch {
        // Storage full or blocked: the state still holds for this visit.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
