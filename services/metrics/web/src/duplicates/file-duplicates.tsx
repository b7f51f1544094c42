import type { FileRow } from '../api/types.js';
import { fmt } from '../lib/format.js';
import { linkProps } from '../lib/router.js';
import { useLoad } from '../lib/use-load.js';
import { loadDuplicates } from './duplicates-api.js';

/** The file drill-down's duplication: its duplicated lines and the clone groups it is part of. */
export function FileDuplicates({ id, file }: { id: number; file: FileRow }) {
  const key = file.duplicated_lines ? `dups:${id}:file:${file.path}` : null;
  const { data } = useLoad(key, () => loadDuplicates(id, 0, 100, file.path));
  if (file.duplicated_lines == null) return null;
  const groups = (data?.items ?? [])
    .map((g) => ({ ...g, here: g.occurrences.filter((o) => o.path === file.path) }))
    .filter((g) => g.here.length > 0);
  return (
    <section aria-label={`Duplication of ${file.path}`} className="file-duplicates">
      <h3>Duplication</h3>
      <p>
        {fmt(file.duplicated_lines)} duplicated lines ({fmt(file.duplicated_lines_pct, 1)} %)
      </p>
      {groups.length > 0 && (
        <ul>
          {groups.map((g) => (
            <li key={g.group}>
              <a {...linkProps(`/analyses/${id}/duplicates?group=${g.group}`)}>Group #{g.group}</a>:{' '}
              {g.here.map((o) => `lines ${o.start_line}–${o.end_line}`).join(', ')}, also in{' '}
              {[...new Set(g.occurrences.filter((o) => o.path !== file.path).map((o) => o.path))].join(
                ', ',
              ) || 'this file only'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
