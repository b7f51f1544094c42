import type { CompareResponse, NewCodeResponse } from '../../../src/shared-types/compare-types.js';
import { api } from '../api/client.js';

/** Deltas from run `base` to run `head`. */
export const compareRuns = (base: number, head: number, unchanged = false) =>
  api<CompareResponse>(
    `/api/analyses/${base}/compare/${head}${unchanged ? '?unchanged=true&limit=5000' : ''}`,
  );

/** Files and functions of run `id` added or changed since `base` (a run id or a commit sha). */
export const newCode = (id: number, base: string) =>
  api<NewCodeResponse>(`/api/analyses/${id}/new-code?base=${encodeURIComponent(base)}`);
