// Quality gate: thresholds the user enters, kept in the URL query so a gated view can be shared.
// Presentation only: the stored metrics never change.
import type { FileRow } from '../api/types.js';

export interface GateRule {
  key: string;
  label: string;
  /** `max`: a value above the threshold fails; `min`: a value below fails. */
  kind: 'max' | 'min';
  value: (f: FileRow) => number | null;
  step: number;
}

export const GATE_RULES: GateRule[] = [
  {
    key: 'max_cc',
    label: 'Maximum complexity (worst function)',
    kind: 'max',
    value: (f) => f.cc_max,
    step: 1,
  },
  { key: 'max_cc_avg', label: 'Maximum average complexity', kind: 'max', value: (f) => f.cc_avg, step: 0.5 },
  {
    key: 'max_cognitive',
    label: 'Maximum cognitive complexity',
    kind: 'max',
    value: (f) => f.cognitive_max,
    step: 1,
  },
  { key: 'min_mi', label: 'Minimum maintainability index', kind: 'min', value: (f) => f.mi, step: 1 },
  { key: 'min_pylint', label: 'Minimum pylint score', kind: 'min', value: (f) => f.pylint_score, step: 0.5 },
  { key: 'max_loc', label: 'Maximum lines of code', kind: 'max', value: (f) => f.loc, step: 50 },
];

/** Thresholds by rule key; absent keys are not checked. */
export type Gate = Record<string, number>;

/** Reads the thresholds from a URL query (`?max_cc=10&min_mi=20`). */
export function parseGate(q: URLSearchParams): Gate {
  const g: Gate = {};
  for (const r of GATE_RULES) {
    const raw = q.get(r.key);
    if (raw === null || raw.trim() === '') continue;
    const n = Number(raw);
    if (Number.isFinite(n)) g[r.key] = n;
  }
  return g;
}

/** Writes the thresholds into a copy of the query, keeping its other parameters. */
export function withGate(q: URLSearchParams, gate: Gate): URLSearchParams {
  const out = new URLSearchParams(q);
  for (const r of GATE_RULES) {
    const v = gate[r.key];
    if (v === undefined) out.delete(r.key);
    else out.set(r.key, String(v));
  }
  return out;
}

/** Why a file fails the gate (empty when it passes); a metric the file lacks is not held against it. */
export function gateFailures(f: FileRow, gate: Gate): string[] {
  const out: string[] = [];
  for (const r of GATE_RULES) {
    const t = gate[r.key];
    const v = r.value(f);
    if (t === undefined || v === null) continue;
    if (r.kind === 'max' ? v > t : v < t)
      out.push(`${r.label.toLowerCase()}: ${round(v)} ${r.kind === 'max' ? '>' : '<'} ${t}`);
  }
  return out;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** True when at least one threshold is set. */
export const gateActive = (g: Gate) => Object.keys(g).length > 0;

/** The query parameter naming the new-code base (a run id or a commit): the gate then checks new code only. */
export const NEW_CODE_PARAM = 'new_code_base';

/** The new-code base of a URL query, or null. */
export const newCodeBase = (q: URLSearchParams): string | null => q.get(NEW_CODE_PARAM)?.trim() || null;

/** The thresholds and the new-code base of a query, the state that follows the user between views. */
export function gateParams(q: URLSearchParams): URLSearchParams {
  const out = withGate(new URLSearchParams(), parseGate(q));
  const base = newCodeBase(q);
  if (base) out.set(NEW_CODE_PARAM, base);
  return out;
}
