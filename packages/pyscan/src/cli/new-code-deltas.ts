// New-code deltas for the review formats (--format markdown, github's job summary): for each file
// changed since the --diff revision, its numbers now and at the revision (read with `git show` and
// measured in this process), so a pull request comment can say what the change did.
import { spawnSync } from 'node:child_process';
import { relative, sep } from 'node:path';
import { analyzeSource } from '../analyze.js';
import { initPyscan } from '../grammar.js';
import type { FileAnalysis } from '../types.js';
import type { ChangeSet } from './diff.js';

/** One file's numbers after and before (null before: the file is new at the revision). */
export interface FileDelta {
  path: string;
  change: 'added' | 'changed';
  functions: [number, number | null];
  cc_max: [number | null, number | null];
  cognitive_max: [number | null, number | null];
  mi: [number | null, number | null];
}

const maxOf = (xs: number[]) => (xs.length ? Math.max(...xs) : null);

function numbers(fa: FileAnalysis) {
  return {
    functions: fa.functions.length,
    cc_max: maxOf(fa.functions.map((f) => f.complexity)),
    cognitive_max: maxOf(fa.functions.map((f) => f.cognitive)),
    mi: fa.file.mi,
  };
}

export function atRevision(root: string, ref: string, repoPath: string): string | null {
  const res = spawnSync('git', ['show', `${ref}:${repoPath}`], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return res.status === 0 ? res.stdout : null;
}

export async function newCodeDeltas(
  changes: ChangeSet,
  results: FileAnalysis[],
  absPathOf: (relPath: string) => string | undefined,
): Promise<FileDelta[]> {
  await initPyscan();
  const out: FileDelta[] = [];
  for (const fa of results) {
    const abs = absPathOf(fa.file.path);
    const change = abs === undefined ? undefined : changes.files.get(abs);
    if (abs === undefined || change === undefined) continue;
    const repoPath = relative(changes.root, abs).split(sep).join('/');
    const oldText = change === 'all' ? null : atRevision(changes.root, changes.ref, repoPath);
    const now = numbers(fa);
    const before = oldText === null ? null : numbers(analyzeSource(oldText, fa.file.path));
    out.push({
      path: fa.file.path,
      change: before ? 'changed' : 'added',
      functions: [now.functions, before?.functions ?? null],
      cc_max: [now.cc_max, before?.cc_max ?? null],
      cognitive_max: [now.cognitive_max, before?.cognitive_max ?? null],
      mi: [now.mi, before?.mi ?? null],
    });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
