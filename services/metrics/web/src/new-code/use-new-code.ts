import { useEffect, useState } from 'react';
import type { NewCodeResponse } from '../../../src/shared-types/compare-types.js';
import { newCode } from '../compare/compare-api.js';

/** A run's new code since `base` (null: no base, nothing loaded); `paths` holds the new or changed files. */
export function useNewCode(id: number, base: string | null) {
  const [data, setData] = useState<NewCodeResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setData(null);
    setError(null);
    if (!base) return;
    let alive = true;
    newCode(id, base)
      .then((d) => alive && setData(d))
      .catch((e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [id, base]);
  const paths = data ? new Set(data.files.map((f) => f.path)) : null;
  return { data, error, paths };
}
