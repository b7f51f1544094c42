import { api } from '../api/client.js';

/** Where one copy of a clone sits (lines 1-based, inclusive). */
export interface CloneLocation {
  path: string;
  start_line: number;
  end_line: number;
}

/** A clone group as the list endpoint gives it. */
export interface CloneGroupSummary {
  group: number;
  tokens: number;
  lines: number;
  occurrences: CloneLocation[];
}

/** A clone group with each occurrence's stored text. */
export interface CloneGroupDetail extends Omit<CloneGroupSummary, 'occurrences'> {
  occurrences: (CloneLocation & { text: string; truncated: boolean })[];
}

export interface DuplicatesPage {
  items: CloneGroupSummary[];
  total: number;
  limit: number;
  offset: number;
  next_offset: number | null;
}

/** A page of a run's clone groups, largest first; `path` keeps groups with an occurrence under it. */
export function loadDuplicates(id: number, offset: number, limit: number, path?: string) {
  const q = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  if (path) q.set('path', path);
  return api<DuplicatesPage>(`/api/analyses/${id}/duplicates?${q.toString()}`);
}

export function loadDuplicate(id: number, group: number) {
  return api<CloneGroupDetail>(`/api/analyses/${id}/duplicates/${group}`);
}
