// The lines of a run added or changed since a base run, per file (issue 35: new-code coverage): a file
// new since the base (or renamed and rewritten past recognition) is new throughout; a file both runs
// stored the text of is diffed line by line (line-diff.ts); a file whose text either run did not
// store cannot be told and is listed apart, not guessed.
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { decodeSource } from '@app/pyscan';
import type { Kysely } from 'kysely';
import { compareRepo } from '../../store/repos/compare-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { matchRuns } from '../compare/match-runs.js';
import { newLines } from './line-diff.js';

const gunzipAsync = promisify(gunzip);

export interface NewLines {
  /** Per head path: the new lines (1-based), or 'all' for a file new since the base. Unchanged files are absent. */
  files: Map<string, number[] | 'all'>;
  /** Head paths whose text one of the runs did not store. */
  unknown: string[];
}

async function texts(db: Kysely<MetricsDB>, id: number, paths: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const r of await compareRepo.sources(db, id, paths)) {
    if (!r.content) continue;
    const d = decodeSource(await gunzipAsync(r.content));
    if (d.ok) out.set(r.path, d.text.split('\n'));
  }
  return out;
}

/** What of run `headId` is new since run `baseId`, line by line. */
export async function newLinesSince(
  deps: { db: Kysely<MetricsDB> },
  headId: number,
  baseId: number,
): Promise<NewLines> {
  const match = await matchRuns(deps.db, baseId, headId, { bodies: false });
  const pairs = match.files.filter((p) => p.head !== null);
  const [head, base] = await Promise.all([
    texts(
      deps.db,
      headId,
      pairs.filter((p) => p.base).map((p) => p.path),
    ),
    texts(
      deps.db,
      baseId,
      pairs.filter((p) => p.base).map((p) => p.old_path ?? p.path),
    ),
  ]);
  const files = new Map<string, number[] | 'all'>();
  const unknown: string[] = [];
  for (const p of pairs) {
    if (!p.base) {
      files.set(p.path, 'all');
      continue;
    }
    const h = head.get(p.path);
    const b = base.get(p.old_path ?? p.path);
    if (h === undefined || b === undefined) {
      unknown.push(p.path);
      continue;
    }
    const lines = newLines(b, h);
    if (lines.length > 0) files.set(p.path, lines);
  }
  return { files, unknown };
}
