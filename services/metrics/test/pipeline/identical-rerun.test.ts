// An identical re-run (same commit, settings, pyscan and pylint key) copies the earlier run's clone
// groups, stored sources and findings inside the database instead of detecting and reading them again:
// on both engines its rows and its output files equal the first run's, and a run of other settings
// makes its own.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import type { Kysely } from 'kysely';
import type { MetricsDB } from '../../src/store/schema.js';
import { buildClonesRepo } from '../duplication/clones-fixture.js';
import { analyzeToDone, type FixtureService, startFixtureService } from '../helpers/fixture-service.js';

const noGit = needTool('git');
const TABLES = ['findings', 'source_files', 'clone_groups', 'clone_occurrences', 'file_metrics'] as const;

/** A run's rows of `TABLES` without their ids, in a stable order. */
async function rowsOf(db: Kysely<MetricsDB>, id: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of TABLES) {
    const rows = (await db.selectFrom(t).selectAll().where('analysis_id', '=', id).execute()) as Record<
      string,
      unknown
    >[];
    out[t] = rows
      .map(({ id: _, analysis_id: __, ...rest }) =>
        JSON.stringify(rest, (_k, v) => (Buffer.isBuffer(v) ? v.toString('base64') : v)),
      )
      .sort();
  }
  return out;
}

/** The run's output files but the summaries (their duration differs). */
function outputsOf(dataDir: string, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of ['file.csv', 'class.csv', 'function.csv', 'duplicates.csv', 'findings.csv']) {
    out[f] = readFileSync(join(dataDir, 'outputs', name, f), 'utf8');
  }
  return out;
}

for (const target of await testDatabases()) {
  describe(`an identical re-run on ${target.name}`, { skip: target.skip || noGit }, () => {
    let fx: FixtureService;
    before(async () => {
      fx = await startFixtureService(target, buildClonesRepo, { PYLINT_ENABLED: 'false' });
    });
    after(async () => {
      await fx?.close();
    });

    test('copies the clone groups, sources and findings, and writes the same outputs', async () => {
      const db = fx.svc.server.ctx.db;
      const body = { repo_url: 'https://github.com/acme/clones' };
      const first = await analyzeToDone(fx.svc.url, body);
      const again = await analyzeToDone(fx.svc.url, body);
      const cache = (r: Record<string, unknown>) => r.cache as { rows_reused_from: number | null };
      assert.equal(cache(first).rows_reused_from, null);
      assert.equal(cache(again).rows_reused_from, first.id);
      const a = await rowsOf(db, first.id as number);
      assert.ok(a.clone_groups!.length > 0 && a.source_files!.length > 0, JSON.stringify(a.clone_groups));
      assert.deepEqual(await rowsOf(db, again.id as number), a);
      assert.deepEqual(
        outputsOf(fx.dataDir, String(again.output_name)),
        outputsOf(fx.dataDir, String(first.output_name)),
      );
      const { duration_s: _d1, ...s1 } = first.summary as Record<string, unknown>;
      const { duration_s: _d2, ...s2 } = again.summary as Record<string, unknown>;
      assert.deepEqual(s2, s1);
      assert.ok(Number(s1.duplicated_lines) > 0);
      // Other settings: its own rows, made from the clone.
      const other = await analyzeToDone(fx.svc.url, { ...body, exclude: ['nothing/**'] });
      assert.equal(cache(other).rows_reused_from, null);
      assert.deepEqual((await rowsOf(db, other.id as number)).clone_groups, a.clone_groups);
    });
  });
}
