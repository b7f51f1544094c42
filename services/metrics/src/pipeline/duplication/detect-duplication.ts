// The run's clone detection: reads the analysed files again, tokenizes them on this thread and
// hands them to pyscan's detector. Re-reading costs less than shipping token arrays back from the
// worker threads for every file (measured in bench/README-pyscan.md: tokenizing is about a quarter
// of a second of CPU per 300,000 lines), and keeps the pool's answer the CLI's.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CloneSource,
  decodeSource,
  type FileAnalysis,
  findClones,
  tokenizeForClones,
} from '@app/pyscan';
import type { StoredGroup } from '../../store/repos/duplication-repo.js';

/** Lines of each occurrence's text kept for the side-by-side view (so it outlives the clone). */
export const FRAGMENT_MAX_LINES = 200;
/** Characters of each occurrence's text kept. */
export const FRAGMENT_MAX_CHARS = 16_384;
/**
 * Characters of fragment text one run stores in all (largest groups first): a repository made of
 * copies would otherwise store itself many times over. Past it the text is empty and `truncated`.
 */
export const MAX_STORED_TEXT = 16 * 1024 * 1024;

/** What a run keeps of the detection. */
export interface RunDuplication {
  groups: StoredGroup[];
  /** Duplicated lines per path (files without clones are absent). */
  files: Map<string, number>;
  duplicatedLines: number;
}

/** Thresholds (DUPLICATION_MIN_TOKENS, DUPLICATION_MIN_LINES). */
export interface DuplicationSettings {
  minTokens: number;
  minLines: number;
}

/** Detects clones across `analyses`' files under `root` (files that fail to parse or decode are left out). */
export async function detectDuplication(
  root: string,
  analyses: FileAnalysis[],
  settings: DuplicationSettings,
  signal?: AbortSignal,
): Promise<RunDuplication> {
  const sources: CloneSource[] = [];
  for (const [i, a] of analyses.entries()) {
    if (a.file.parse_error) continue;
    const text = await readText(root, a.file.path);
    if (text !== null) sources.push({ path: a.file.path, tokens: tokenizeForClones(text) });
    // Give the event loop (stream, API, lease) a turn now and then on a big repository.
    if (i % 50 === 49) {
      await new Promise((r) => setImmediate(r));
      signal?.throwIfAborted();
    }
  }
  const found = findClones(sources, settings);
  signal?.throwIfAborted();
  // Only the files in clones are read again for the fragments' text, one at a time.
  const lines = new Map<string, string[]>();
  for (const g of found.groups)
    for (const o of g.occurrences)
      if (!lines.has(o.path)) lines.set(o.path, (await readText(root, o.path))?.split(LINE_BREAK) ?? []);
  let budget = MAX_STORED_TEXT;
  const groups = found.groups.map((g, i) => ({
    group_no: i + 1,
    tokens: g.tokens,
    lines: g.lines,
    occurrences: g.occurrences.map((o) => {
      const f = fragment(lines.get(o.path) ?? [], o.startLine, o.endLine, budget);
      budget -= f.text.length;
      return {
        path: o.path,
        start_line: o.startLine,
        end_line: o.endLine,
        tokens: o.tokens,
        text: f.text,
        truncated: f.truncated,
      };
    }),
  }));
  const files = new Map<string, number>();
  for (const f of found.files) if (f.duplicatedLines > 0) files.set(f.path, f.duplicatedLines);
  return { groups, files, duplicatedLines: found.duplicatedLines };
}

const LINE_BREAK = /\r\n?|\n/;

async function readText(root: string, path: string): Promise<string | null> {
  const bytes = await readFile(join(root, path)).catch(() => null);
  if (!bytes) return null;
  const decoded = decodeSource(bytes);
  return decoded.ok ? decoded.text : null;
}

function fragment(
  lines: string[],
  start: number,
  end: number,
  budget: number,
): { text: string; truncated: boolean } {
  const last = Math.min(end, start + FRAGMENT_MAX_LINES - 1);
  let text = lines.slice(start - 1, last).join('\n');
  let truncated = last < end;
  const cap = Math.max(0, Math.min(FRAGMENT_MAX_CHARS, budget));
  if (text.length > cap) {
    text = text.slice(0, cap);
    truncated = true;
  }
  return { text, truncated };
}

/** Share of `lines` that is duplicated, in percent with two decimals (null without lines). */
export function duplicatedPct(duplicated: number, lines: number | null | undefined): number | null {
  if (!lines) return null;
  return Math.min(100, Math.round((10_000 * duplicated) / lines) / 100);
}
