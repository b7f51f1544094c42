import type {
  FileTrendResponse,
  FunctionTrendResponse,
  TrendResponse,
} from '../../../src/shared-types/trend-types.js';
import { api } from '../api/client.js';

const q = (p: Record<string, string | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined) s.set(k, v);
  return s.toString();
};

/** A repository's summary numbers by commit, in series per ref; `name` is `owner/repo`. */
export const repositoryTrend = (name: string, ref?: string) =>
  api<TrendResponse>(`/api/repositories/${name}/trend?${q({ ref, limit: '500' })}`);

export const fileTrend = (name: string, path: string) =>
  api<FileTrendResponse>(`/api/repositories/${name}/files/trend?${q({ path, limit: '500' })}`);

export const functionTrend = (name: string, f: { path: string; class_name: string; name: string }) =>
  api<FunctionTrendResponse>(
    `/api/repositories/${name}/functions/trend?${q({ path: f.path, class_name: f.class_name, name: f.name, limit: '500' })}`,
  );
