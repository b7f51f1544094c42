import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFull } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { CheckResult } from '../api/types.js';

const FIRST_PAGE = 20;
const OLDER_PAGE = 50;

export interface CheckList {
  /** Newest first. */
  rows: CheckResult[];
  error: string | null;
  /** True while older checks remain to be shown. */
  hasMore: boolean;
  loadingMore: boolean;
  more(): void;
}

/** Newest first, each check once (a refresh and the list can overlap). */
function merge(a: CheckResult[], b: CheckResult[]): CheckResult[] {
  const byId = new Map<number, CheckResult>();
  for (const r of [...a, ...b]) byId.set(r.id, r);
  return [...byId.values()].sort(
    (x, y) => Date.parse(y.checked_at) - Date.parse(x.checked_at) || y.id - x.id,
  );
}

/**
 * A monitor's checks for the detail page: the newest page, then older pages on demand (`more`,
 * following the API's `Link: next`). `refresh` (new results) adds the checks made since the newest
 * one shown instead of reloading the first page, so older pages already shown stay without a gap.
 */
export function useCheckList(monitorId: number, location: string, refresh: unknown): CheckList {
  const [rows, setRows] = useState<CheckResult[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const query = { monitor_id: monitorId, location: location || undefined };

  // biome-ignore lint/correctness/useExhaustiveDependencies: query is monitorId and location
  useEffect(() => {
    const ctl = new AbortController();
    setRows([]);
    setNext(null);
    apiFull<CheckResult[]>('/api/check-results', {
      query: { ...query, limit: FIRST_PAGE },
      signal: ctl.signal,
    })
      .then((r) => {
        setRows(r.data);
        setNext(r.next);
        setError(null);
      })
      .catch((e: unknown) => ctl.signal.aborted || setError(messageOf(e)));
    return () => ctl.abort();
  }, [monitorId, location]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh is the trigger; the rest is read at the time
  useEffect(() => {
    const newest = rowsRef.current[0];
    const ctl = new AbortController();
    // Nothing shown yet (a monitor not checked when the page opened): the first page, with its link.
    const since = newest ? { from: newest.checked_at, limit: 1000 } : { limit: FIRST_PAGE };
    apiFull<CheckResult[]>('/api/check-results', { query: { ...query, ...since }, signal: ctl.signal })
      .then((r) => {
        setRows((shown) => merge(r.data, shown));
        if (!newest) setNext(r.next);
      })
      .catch(() => {});
    return () => ctl.abort();
  }, [refresh]);

  const more = useCallback(() => {
    if (!next || loadingMore) return;
    setLoadingMore(true);
    // The next link carries the page size of the first request; older pages are asked for bigger.
    const url = next.replace(/([?&]limit=)\d+/, `$1${OLDER_PAGE}`);
    apiFull<CheckResult[]>(url)
      .then((r) => {
        setRows((shown) => merge(shown, r.data));
        setNext(r.next);
      })
      .catch((e: unknown) => setError(messageOf(e)))
      .finally(() => setLoadingMore(false));
  }, [next, loadingMore]);

  return { rows, error, hasMore: next !== null, loadingMore, more };
}
