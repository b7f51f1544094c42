// What the history-run tests read of a service: runs, their functions, children and streams.
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import type { MetricsDB } from '../../src/store/schema.js';
import { json, postAnalysis, waitFinished } from '../helpers/service.js';

export interface Rec {
  id: number;
  status: string;
  commit_sha: string | null;
  commit_date: string | null;
  history_parent_id: number | null;
  cache: Record<string, unknown> | null;
  error: unknown;
}

/** A run's cache figures with the mirror's action for its use (its size in bytes varies). */
export const mirrored = (c: Record<string, unknown> | null) =>
  c && { ...c, repo_cache: (c.repo_cache as { action: string } | null)?.action ?? null };

/**
 * Per-function complexity of one run, keyed `path:class:name`, through the functions endpoint (a
 * per-commit run stored by reference gets its rows written on this first read).
 */
export async function functionsOf(url: string, id: number): Promise<Record<string, number>> {
  const page = await json<{ items: { path: string; class: string; name: string; complexity: number }[] }>(
    await fetch(`${url}/api/analyses/${id}/functions?limit=500`),
  );
  assert.equal(page.status, 200);
  return Object.fromEntries(page.body.items.map((r) => [`${r.path}:${r.class}:${r.name}`, r.complexity]));
}

export async function childrenOf(db: Kysely<MetricsDB>, id: number) {
  return db
    .selectFrom('analyses')
    .select(['id', 'commit_sha', 'commit_date', 'status', 'ref_used'])
    .where('history_parent_id', '=', id)
    .orderBy('id')
    .execute();
}

/** Opens the run's stream, then lets `start` begin the work, and returns every event once it closes. */
export async function streamWhile(url: string, start: () => void) {
  const res = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  assert.equal(res.status, 200);
  start();
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((b) => b.includes('data: '))
    .map((b) => ({
      event: /event: (.*)/.exec(b)?.[1] ?? 'message',
      data: JSON.parse(/data: (.*)/.exec(b)?.[1] ?? 'null') as Record<string, unknown>,
    }));
}

export async function run(url: string, body: Record<string, unknown>): Promise<Rec> {
  const r = await json(await postAnalysis(url, body));
  assert.equal(r.status, 202, JSON.stringify(r.body));
  const done = (await waitFinished(url, r.body.id as number)) as unknown as Rec;
  assert.equal(done.status, 'done', JSON.stringify(done.error));
  return done;
}
