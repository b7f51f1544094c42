// The run's clone detection: reads the analysed files again, tokenizes them on this thread and
// hands them to pyscan's detector. Re-reading costs less than shipping token arrays back from the
// worker threads for every file (measured in bench/README-pyscan.md: tokenizing is about a third
// of a second per 300,000 lines), and keeps the pool's answer the CLI's.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CloneSource,
  decodeSource,
  type FileAnalysis,
  findClones,
  tokenizeForClones,
} from '@app/pyscan';

/** Lines of each occurrence's text kept for the side-by-side view (so it outlives the clone). */
export const FRAGMENT_MAX_LINES = 200;
/** Characters of each occurrence's text kept. */
export const FRAGMENT_MAX_CHARS = 16_384;

export interface StoredOccurrence {
  path: string;
  start_line: number;
  end_line: number;
  tokens: number;
  /** The fragment's source, capped; `truncated` says whether it was cut. */
  text: string;
  truncated: boolean;
}

export interface StoredGroup {
  /** 1 for the largest group, then by size. */
  group_no: number;
  tokens: number;
  lines: number;
  occurrences: StoredOccurrence[];
}

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
  const lines = new Map<string, string[]>();
  for (const [i, a] of analyses.entries()) {
    if (a.file.parse_error) continue;
    const decoded = decodeSource(await readFile(join(root, a.file.path)).catch(() => new Uint8Array()));
    if (!decoded.ok) continue;
    sources.push({ path: a.file.path, tokens: tokenizeForClones(decoded.text) });
    lines.set(a.file.path, decoded.text.split(/\r\n?|\n/));
    // Give the event loop (stream, API) a turn now and then on a big repository.
    if (i % 50 === 49) {
      await new Promise((r) => setImmediate(r));
      signal?.throwIfAborted();
    }
  }
  const found = findClones(sources, settings);
  const groups = found.groups.map((g, i) => ({
    group_no: i + 1,
    tokens: g.tokens,
    lines: g.lines,
    occurrences: g.occurrences.map((o) => {
      const { text, truncated } = fragment(lines.get(o.path) ?? [], o.startLine, o.endLine);
      return {
        path: o.path,
        start_line: o.startLine,
        end_line: o.endLine,
        tokens: o.tokens,
        text,
        truncated,
      };
    }),
  }));
  const files = new Map<string, number>();
  for (const f of found.files) if (f.duplicatedLines > 0) files.set(f.path, f.duplicatedLines);
  return { groups, files, duplicatedLines: found.duplicatedLines };
}

function fragment(lines: string[], start: number, end: number): { text: string; truncated: boolean } {
  const last = Math.min(end, start + FRAGMENT_MAX_LINES - 1);
  let text = lines.slice(start - 1, last).join('\n');
  let truncated = last < end;
  if (text.length > FRAGMENT_MAX_CHARS) {
    text = text.slice(0, FRAGMENT_MAX_CHARS);
    truncated = true;
  }
  return { text, truncated };
}

/** Share of `lines` that is duplicated, in percent with two decimals (null without lines). */
export function duplicatedPct(duplicated: number, lines: number | null | undefined): number | null {
  if (!lines) return null;
  return Math.min(100, Math.round((10_000 * duplicated) / lines) / 100);
}
