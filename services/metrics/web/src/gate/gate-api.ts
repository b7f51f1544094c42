// The saved quality gate and a run's verdict (issue 36), through the API.
import type { QualityGate, Verdict } from '../../../src/shared-types/gate-shapes.js';
import { ApiError, api } from '../api/client.js';

export type { QualityGate, Verdict };

/** `owner/repo` of a run's GitHub URL. */
export const ownerRepo = (repoUrl: string) => repoUrl.replace(/^https:\/\/[^/]+\//, '').replace(/\.git$/, '');

/** A gate, or null when none is saved (404). */
async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiError && e.problem.status === 404) return null;
    throw e;
  }
}

export const gatePath = (scope: 'default' | 'repository', repoUrl: string) =>
  scope === 'default' ? '/api/gates/default' : `/api/repositories/${ownerRepo(repoUrl)}/gate`;

export const loadGate = (scope: 'default' | 'repository', repoUrl: string) =>
  orNull(api<QualityGate>(gatePath(scope, repoUrl)));

export const saveGate = (
  scope: 'default' | 'repository',
  repoUrl: string,
  body: { conditions: string; badge_public: boolean },
) => api<QualityGate>(gatePath(scope, repoUrl), { method: 'PUT', body });

/** The run's verdict, or null when no gate applies. */
export const loadVerdict = (id: number) => orNull(api<Verdict>(`/api/analyses/${id}/verdict`));

/** Judges the run again by the gate of now. */
export const judgeAgain = (id: number) =>
  orNull(api<Verdict>(`/api/analyses/${id}/verdict`, { method: 'POST' }));
