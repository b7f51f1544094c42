// --baseline FILE: today's violations recorded once, so later runs fail only on new ones. An entry
// names what broke which rule (file, function's qualified name, metric), never a line number, so a
// line inserted above a recorded function does not make it new; renaming the function or moving it
// to another file does.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { UsageError } from './exit-codes.js';
import type { Violation } from './thresholds.js';

export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  path: string;
  scope: Violation['scope'];
  /** `Class.method`, `function`, or the file's path for file rules. */
  name: string;
  metric: string;
  /** The value when recorded (for people reading the file; matching ignores it). */
  value: number | string;
}

/** What identifies a violation across runs. */
export const identityOf = (v: Pick<Violation, 'path' | 'scope' | 'name' | 'metric'>) =>
  `${v.path}\0${v.scope}\0${v.name}\0${v.metric}`;

/** The recorded entries, or null when the file does not exist yet. */
export function readBaseline(file: string, shownAs = file): BaselineEntry[] | null {
  if (!existsSync(file)) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`--baseline ${shownAs}: not a pyscan baseline (${(err as Error).message})`);
  }
  const d = doc as { pyscan_baseline?: unknown; violations?: unknown };
  if (d?.pyscan_baseline !== BASELINE_VERSION || !Array.isArray(d.violations)) {
    throw new UsageError(`--baseline ${shownAs}: not a pyscan baseline (version ${BASELINE_VERSION})`);
  }
  for (const e of d.violations as BaselineEntry[]) {
    if (typeof e?.path !== 'string' || typeof e.name !== 'string' || typeof e.metric !== 'string') {
      throw new UsageError(`--baseline ${shownAs}: an entry lacks path, name or metric`);
    }
  }
  return d.violations as BaselineEntry[];
}

export function writeBaseline(file: string, violations: Violation[], version: string, shownAs = file): void {
  const entries: BaselineEntry[] = violations.map((v) => ({
    path: v.path,
    scope: v.scope,
    name: v.name,
    metric: v.metric,
    value: v.value,
  }));
  const doc = { pyscan_baseline: BASELINE_VERSION, tool: `pyscan ${version}`, violations: entries };
  try {
    writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  } catch (err) {
    throw new UsageError(`cannot write --baseline ${shownAs}: ${(err as Error).message}`);
  }
}

/**
 * Splits violations into new ones and those the baseline knows. Each entry absolves one violation of
 * its identity, so a second function of the same name breaking the same rule is still new.
 */
export function applyBaseline(
  violations: Violation[],
  entries: BaselineEntry[],
): { fresh: Violation[]; known: Violation[] } {
  const left = new Map<string, number>();
  for (const e of entries) left.set(identityOf(e), (left.get(identityOf(e)) ?? 0) + 1);
  const fresh: Violation[] = [];
  const known: Violation[] = [];
  for (const v of violations) {
    const id = identityOf(v);
    const n = left.get(id) ?? 0;
    if (n > 0) {
      left.set(id, n - 1);
      known.push(v);
    } else fresh.push(v);
  }
  return { fresh, known };
}
