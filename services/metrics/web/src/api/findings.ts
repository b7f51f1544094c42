// Pylint's findings of a run and the stored source of its files (see the findings endpoints in /docs).
import type { Finding } from '../../../src/findings/finding-shape.js';
import { api } from './client.js';

export type { Finding, FindingCategory } from '../../../src/findings/finding-shape.js';

export interface FindingsPage {
  items: Finding[];
  total: number;
  limit: number;
  offset: number;
  next_offset: number | null;
}

export interface RuleCount {
  symbol: string;
  message_id: string;
  category: string;
  count: number;
}

export interface SourceFunction {
  name: string;
  class: string;
  lineno: number;
  endline: number;
  complexity: number;
  cognitive: number;
  rank: string;
}

/** Pylint's inputs for one file's score; all null when pylint did not run on it. */
export interface PylintInputs {
  score: number | null;
  statements: number | null;
  convention: number | null;
  refactor: number | null;
  warning: number | null;
  error: number | null;
  fatal: number | null;
}

export interface SourceView {
  path: string;
  status: 'stored' | 'file_cap' | 'run_cap' | 'unreadable' | 'not_stored';
  size: number | null;
  text: string | null;
  functions: SourceFunction[];
  findings: Finding[];
  findings_total: number;
  pylint: PylintInputs;
}

/** Filters of the findings list and the rule summary. */
export interface FindingFilters {
  category?: string | undefined;
  symbol?: string | undefined;
  path?: string | undefined;
}

const qs = (p: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

export const findingsUrl = (id: number, f: FindingFilters, limit: number, offset: number) =>
  `/api/analyses/${id}/findings${qs({ ...f, limit, offset })}`;

export const rulesUrl = (id: number, f: FindingFilters) =>
  `/api/analyses/${id}/findings/rules${qs({ category: f.category, path: f.path })}`;

export const sourceUrl = (id: number, path: string) => `/api/analyses/${id}/source${qs({ path })}`;

export const getFindings = (url: string) => api<FindingsPage>(url);
export const getRules = (url: string) => api<{ items: RuleCount[]; total: number }>(url);
export const getSource = (url: string) => api<SourceView>(url);
