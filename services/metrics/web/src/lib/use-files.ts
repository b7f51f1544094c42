import { useEffect, useState } from 'react';
import { loadCognitiveByFile, loadFiles } from '../api/results.js';
import type { FileRow } from '../api/types.js';

/** The file rows of a run, loaded once; cognitive complexity is joined in when it arrives. */
export function useFiles(id: number): { files: FileRow[] | null; error: string | null } {
  const [files, setFiles] = useState<FileRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    const fail = (e: unknown) => alive && setError(e instanceof Error ? e.message : String(e));
    loadFiles(id)
      .then(async (rows) => {
        if (!alive) return;
        setFiles(rows);
        const cog = await loadCognitiveByFile(id);
        if (alive) setFiles(rows.map((f) => ({ ...f, cognitive_max: cog.get(f.path) ?? null })));
      })
      .catch(fail);
    return () => {
      alive = false;
    };
  }, [id]);
  return { files, error };
}
