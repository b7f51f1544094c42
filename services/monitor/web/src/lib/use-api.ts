import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { apiFull, type RequestOptions } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import { InsideRouteBoundary } from '../components/route-error-boundary.js';
import { isUnreachableError, useConnectivity } from './connectivity.js';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  next: string | null;
  reload(): void;
}

/**
 * Loads a GET resource when `path`, `query` or `refresh` change (null path = do not load), on
 * reload(), and again when the server comes back after being unreachable. Inside a route, a first
 * load that fails for lack of a server is thrown to the route's boundary (error with Retry).
 */
export function useApi<T>(
  path: string | null,
  query?: RequestOptions['query'],
  refresh?: unknown,
): Loaded<T> {
  const [state, setState] = useState<{
    data: T | null;
    error: string | null;
    loading: boolean;
    next: string | null;
    unreachable?: unknown;
  }>({ data: null, error: null, loading: !!path, next: null });
  const { epoch } = useConnectivity();
  const inRoute = useContext(InsideRouteBoundary);
  const [tick, setTick] = useState(0);
  const key = path ? `${path}?${JSON.stringify(query ?? {})}#${String(refresh)}#${epoch}` : null;
  const queryRef = useRef(query);
  queryRef.current = query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for path and query
  useEffect(() => {
    if (!path) return;
    const ctl = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    apiFull<T>(path, { query: queryRef.current, signal: ctl.signal })
      .then((r) => setState({ data: r.data, error: null, loading: false, next: r.next }))
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setState((s) => ({
          ...s,
          error: messageOf(e),
          loading: false,
          unreachable: isUnreachableError(e) ? e : undefined,
        }));
      });
    return () => ctl.abort();
  }, [key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  if (inRoute && state.unreachable !== undefined && state.data === null) throw state.unreachable;
  const { unreachable: _, ...loaded } = state;
  return { ...loaded, reload };
}
