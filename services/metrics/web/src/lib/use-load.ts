import { useEffect, useState } from 'react';

// The answers of a finished run never change, so each is asked for once per page load.
const cache = new Map<string, Promise<unknown>>();

/** Loads `key` once (shared by every component asking for it); a failed load is retried next time. */
export function loadOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

/** The value behind `key` while the component shows it; the previous value stays until the next arrives. */
export function useLoad<T>(
  key: string | null,
  load: () => Promise<T>,
): { data: T | null; error: string | null; loading: boolean } {
  const [state, setState] = useState<{ key: string | null; data: T | null; error: string | null }>({
    key: null,
    data: null,
    error: null,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches.
  useEffect(() => {
    if (key === null) return;
    let alive = true;
    loadOnce(key, load).then(
      (data) => alive && setState({ key, data, error: null }),
      (e: unknown) =>
        alive && setState({ key, data: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      alive = false;
    };
  }, [key]);
  return { data: state.data, error: state.error, loading: key !== null && state.key !== key };
}
