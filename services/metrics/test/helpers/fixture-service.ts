import assert from 'node:assert/strict';
import type { TestDatabaseTarget } from '@app/kit/testing';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { json, postAnalysis, startService, type TestService, waitFinished } from './service.js';

/** A service on a fresh database of one engine, cloning from fixture repositories the test builds. */
export interface FixtureService {
  svc: TestService;
  base: FixtureBase;
  /** The service's data folder (clones, outputs). */
  dataDir: string;
  /** Stops the service and removes its database and the fixtures. */
  close(): Promise<void>;
}

/**
 * Builds the fixtures with `build`, then starts the service on a new database of `target` with
 * `env` added (GITHUB_BASE_URL points at the fixtures).
 */
export async function startFixtureService(
  target: TestDatabaseTarget,
  build: (base: FixtureBase) => unknown,
  env: Record<string, string> = {},
  opts: { worker?: boolean } = {},
): Promise<FixtureService> {
  const base = createFixtureBase();
  build(base);
  const db = await target.create();
  const svc = await startService(
    { DATABASE_URL: db.databaseUrl, DATA_DIR: db.dataDir, GITHUB_BASE_URL: base.baseUrl, ...env },
    opts,
  );
  return {
    svc,
    base,
    dataDir: db.dataDir,
    async close() {
      await svc.close();
      await db.cleanup();
      base.cleanup();
    },
  };
}

/** Queues an analysis (202) and waits until it is done; the finished record. */
export async function analyzeToDone(
  url: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const r = await json(await postAnalysis(url, body));
  assert.equal(r.status, 202, JSON.stringify(r.body));
  const done = await waitFinished(url, r.body.id as number);
  assert.equal(done.status, 'done', JSON.stringify(done.error));
  return done;
}
