import type { CloneGroupDetail, DuplicatesPage } from '../../../src/shared-types/duplicate-shapes.js';
import { api } from '../api/client.js';

export type {
  CloneGroupDetail,
  CloneGroupSummary,
  CloneLocation,
  DuplicatesPage,
} from '../../../src/shared-types/duplicate-shapes.js';

/** A page of a run's clone groups, largest first; `path` keeps groups with an occurrence under it. */
export function loadDuplicates(id: number, offset: number, limit: number, path?: string) {
  const q = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  if (path) q.set('path', path);
  return api<DuplicatesPage>(`/api/analyses/${id}/duplicates?${q.toString()}`);
}

export function loadDuplicate(id: number, group: number) {
  return api<CloneGroupDetail>(`/api/analyses/${id}/duplicates/${group}`);
}
