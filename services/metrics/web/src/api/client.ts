import { requireSignIn } from './session.js';
import type {
  Analysis,
  CodeAgeResponse,
  CouplingResponse,
  HotspotsResponse,
  KnowledgeResponse,
  Problem,
} from './types.js';

/** An API error carrying the problem-details body. */
export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title);
  }
}

async function problemOf(res: Response): Promise<Problem> {
  // The session is missing or has expired: the app swaps the page for the sign-in form.
  if (res.status === 401) requireSignIn();
  try {
    const body = (await res.json()) as Partial<Problem>;
    return { title: body.title ?? res.statusText, status: res.status, ...body } as Problem;
  } catch {
    return { title: res.statusText || `HTTP ${res.status}`, status: res.status };
  }
}

/** GET or POST JSON, throwing ApiError on a non-2xx answer. */
export async function api<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const res = await fetch(path, {
    method: init?.method ?? 'GET',
    headers: init?.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new ApiError(await problemOf(res));
  return (await res.json()) as T;
}

/** Fetches text (CSV downloads), throwing ApiError on a non-2xx answer. */
export async function apiText(path: string): Promise<string> {
  const res = await fetch(path);
  if (!res.ok) throw new ApiError(await problemOf(res));
  return res.text();
}

export const listAnalyses = (limit = 20, repoUrl?: string) =>
  api<Analysis[]>(`/api/analyses?limit=${limit}${repoUrl ? `&repo_url=${encodeURIComponent(repoUrl)}` : ''}`);

/** One page of runs, newest first; `next` is the cursor of the older page (null: none left). */
export async function listAnalysesPage(
  limit: number,
  repoUrl?: string,
  before?: number,
): Promise<{ items: Analysis[]; next: number | null }> {
  const q = new URLSearchParams({ limit: String(limit) });
  if (repoUrl) q.set('repo_url', repoUrl);
  if (before) q.set('before', String(before));
  const res = await fetch(`/api/analyses?${q}`);
  if (!res.ok) throw new ApiError(await problemOf(res));
  const next = /[?&]before=(\d+)[^>]*>;\s*rel="next"/.exec(res.headers.get('link') ?? '');
  return { items: (await res.json()) as Analysis[], next: next ? Number(next[1]) : null };
}

export const getAnalysis = (id: number) => api<Analysis>(`/api/analyses/${id}`);

/** Cancels a queued or running run; resolves to the cancelled record. */
export const cancelAnalysis = (id: number) => api<Analysis>(`/api/analyses/${id}/cancel`, { method: 'POST' });

/** Queues the run's repository, ref and exclusions again; resolves to the new run. */
export const retryAnalysis = (id: number) => api<Analysis>(`/api/analyses/${id}/retry`, { method: 'POST' });

/** Deletes a run with its results and files (admin). */
export async function deleteAnalysis(id: number): Promise<void> {
  const res = await fetch(`/api/analyses/${id}`, { method: 'DELETE' });
  if (!res.ok) throw new ApiError(await problemOf(res));
}

export const createAnalysis = (body: {
  repo_url: string;
  branch?: string;
  ref?: string;
  exclude?: string[];
  history?: { commits: number } | { since: string };
}) => api<Analysis>('/api/analyses', { method: 'POST', body });

/** Download links of the service, by level. */
export const downloadUrl = (id: number, level: 'file' | 'class' | 'function' | 'summary' | 'all') =>
  `/api/analyses/${id}/download/${level}`;

export const reportPdfUrl = (id: number) => `/api/analyses/${id}/report.pdf`;
export const shareCardUrl = (id: number) => `/api/analyses/${id}/share.png`;

/** A query string of the parameters that are set. */
const qs = (p: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** Files ranked by hotspot score (revisions × complexity), with the folder roll-up. */
export const hotspotsUrl = (
  id: number,
  p: { by: 'cc' | 'cognitive'; limit: number; offset?: number; folder?: string },
) => `/api/analyses/${id}/hotspots${qs(p)}`;
export const getHotspots = (id: number, p: Parameters<typeof hotspotsUrl>[1]) =>
  api<HotspotsResponse>(hotspotsUrl(id, p));

/** Pairs of files that change together, strongest first; `path` keeps the pairs of one file. */
export const getCoupling = (id: number, p: { limit: number; offset?: number; path?: string }) =>
  api<CouplingResponse>(`/api/analyses/${id}/coupling${qs(p)}`);

export const getKnowledge = (id: number) => api<KnowledgeResponse>(`/api/analyses/${id}/knowledge`);

export const getCodeAge = (id: number) => api<CodeAgeResponse>(`/api/analyses/${id}/code-age`);

/** Every hotspot of a run (pages of 1,000): the treemap colours all files, not one page of them. */
export async function getAllHotspots(id: number, by: 'cc' | 'cognitive'): Promise<HotspotsResponse> {
  const first = await getHotspots(id, { by, limit: 1000 });
  const items = [...first.items];
  for (let offset = 1000; offset < first.total; offset += 1000) {
    items.push(...(await getHotspots(id, { by, limit: 1000, offset })).items);
  }
  return { ...first, items };
}
