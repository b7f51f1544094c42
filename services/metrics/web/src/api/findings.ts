// Pylint's findings of a run and the stored source of its files (see the findings endpoints in /docs).
import type { FindingsPage, RuleCount, SourceView } from '../../../src/shared-types/finding-shape.js';
import { api } from './client.js';

export type {
  Finding,
  FindingCategory,
  FindingsPage,
  PylintInputs,
  RuleCount,
  SourceFunction,
  SourceView,
} from '../../../src/shared-types/finding-shape.js';

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
