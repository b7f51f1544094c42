import { type Kysely, type Selectable, sql } from 'kysely';
import type { AnalysesTable, MetricsDB, Stage } from '../schema.js';

export type AnalysisRow = Selectable<AnalysesTable>;

/** A stage entered and when (epoch ms). */
export interface StageTime {
  stage: Stage;
  at: number;
}

export interface NewAnalysis {
  repo_url: string;
  owner: string;
  repo: string;
  branch: string | null;
  ref: string | null;
  warnings: string[];
  settings: Record<string, unknown>;
  now: number;
}

/** Outcome fields written when a run finishes well. */
export interface DoneFields {
  output_name: string;
  summary: unknown;
  warnings: string[];
}

const parseStages = (row: Pick<AnalysisRow, 'stage_times'>): StageTime[] => JSON.parse(row.stage_times);

const newRow = (a: NewAnalysis) => ({
  repo_url: a.repo_url,
  owner: a.owner,
  repo: a.repo,
  branch: a.branch,
  ref: a.ref,
  status: 'pending' as const,
  stage: 'pending' as const,
  stage_times: JSON.stringify([{ stage: 'pending', at: a.now }]),
  progress_done: 0,
  progress_total: 0,
  warnings: JSON.stringify(a.warnings),
  settings: JSON.stringify(a.settings),
  created_at: a.now,
  attempts: 0,
});

/** SQL of the analyses table, which is also the job queue. */
export const analysesRepo = {
  async insert(db: Kysely<MetricsDB>, a: NewAnalysis): Promise<AnalysisRow> {
    return db.insertInto('analyses').values(newRow(a)).returningAll().executeTakeFirstOrThrow();
  },

  /**
   * Queues `a` unless an identical run (same repository, branch and ref) is queued or running; the
   * unique index `analyses_one_pending` settles races, so parallel identical requests get one run.
   */
  async insertUnlessPending(
    db: Kysely<MetricsDB>,
    a: NewAnalysis,
  ): Promise<{ row: AnalysisRow; created: boolean }> {
    for (let tries = 0; tries < 3; tries++) {
      const existing = await this.findPending(db, a.repo_url, a.branch, a.ref);
      if (existing) return { row: existing, created: false };
      const row = await db
        .insertInto('analyses')
        .values(newRow(a))
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (row) return { row, created: true };
      // Lost the race to an identical request: its run is found on the next pass (unless it already finished).
    }
    throw new Error('could not queue or find an identical pending analysis');
  },

  /** The queued or running run of this repository, branch and ref, if any. */
  async findPending(db: Kysely<MetricsDB>, repoUrl: string, branch: string | null, ref: string | null) {
    return db
      .selectFrom('analyses')
      .selectAll()
      .where('status', 'in', ['pending', 'running'])
      .where('repo_url', '=', repoUrl)
      .where((eb) => eb(eb.fn.coalesce('branch', sql.lit('')), '=', branch ?? ''))
      .where((eb) => eb(eb.fn.coalesce('ref', sql.lit('')), '=', ref ?? ''))
      .orderBy('id')
      .executeTakeFirst();
  },

  /** How many runs wait in the queue (not yet claimed by a worker). */
  async countQueued(db: Kysely<MetricsDB>): Promise<number> {
    const r = await db
      .selectFrom('analyses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  async get(db: Kysely<MetricsDB>, id: number): Promise<AnalysisRow | undefined> {
    return db.selectFrom('analyses').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Newest first; a history run's per-commit runs are left out (they are read by id or through it). */
  async list(
    db: Kysely<MetricsDB>,
    limit: number,
    repoUrl?: string,
    beforeId?: number,
  ): Promise<AnalysisRow[]> {
    let q = db.selectFrom('analyses').selectAll().where('history_parent_id', 'is', null);
    if (repoUrl !== undefined) q = q.where('repo_url', '=', repoUrl);
    if (beforeId !== undefined) q = q.where('id', '<', beforeId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  },

  /**
   * Claims the oldest pending run for `owner` until `leaseUntil`. The status condition makes the
   * update a no-op when another worker won the race, so exactly one worker gets each run.
   */
  async claimNext(db: Kysely<MetricsDB>, owner: string, now: number, leaseUntil: number) {
    for (let tries = 0; tries < 5; tries++) {
      const next = await db
        .selectFrom('analyses')
        .select(['id', 'stage_times'])
        .where('status', '=', 'pending')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return undefined;
      const stages = [...parseStages(next), { stage: 'cloning', at: now }];
      const res = await db
        .updateTable('analyses')
        .set((eb) => ({
          status: 'running',
          stage: 'cloning',
          stage_times: JSON.stringify(stages),
          started_at: now,
          lease_owner: owner,
          lease_expires_at: leaseUntil,
          heartbeat_at: now,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', next.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) return this.get(db, next.id);
    }
    return undefined;
  },

  /** Extends the lease; false when the run is no longer this worker's (swept, or finished elsewhere). */
  async renewLease(db: Kysely<MetricsDB>, id: number, owner: string, now: number, leaseUntil: number) {
    const res = await db
      .updateTable('analyses')
      .set({ lease_expires_at: leaseUntil, heartbeat_at: now })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Enters a stage (appending it to the replay list); progress stays as the last stage left it. */
  async enterStage(db: Kysely<MetricsDB>, id: number, owner: string, stage: Stage, now: number) {
    const row = await db.selectFrom('analyses').select('stage_times').where('id', '=', id).executeTakeFirst();
    if (!row) return;
    const stages = [...parseStages(row), { stage, at: now }];
    await db
      .updateTable('analyses')
      .set({ stage, stage_times: JSON.stringify(stages) })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  },

  async setProgress(db: Kysely<MetricsDB>, id: number, done: number, total: number) {
    await db
      .updateTable('analyses')
      .set({ progress_done: done, progress_total: total })
      .where('id', '=', id)
      .execute();
  },

  async setCommit(db: Kysely<MetricsDB>, id: number, commitSha: string, refUsed: string, commitDate: number) {
    await db
      .updateTable('analyses')
      .set({ commit_sha: commitSha, ref_used: refUsed, commit_date: commitDate })
      .where('id', '=', id)
      .execute();
  },

  /**
   * The latest finished runs of `sha` in `repoUrl` other than `id` (not a history run's per-commit
   * runs), with their cache figures: the candidates an identical re-run copies its rows from.
   */
  async finishedOfCommit(db: Kysely<MetricsDB>, repoUrl: string, sha: string, id: number) {
    const rows = await db
      .selectFrom('analyses')
      .select(['id', 'cache_stats'])
      .where('repo_url', '=', repoUrl)
      .where('commit_sha', '=', sha)
      .where('status', '=', 'done')
      .where('history_parent_id', 'is', null)
      .where('id', '!=', id)
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), cache_stats: r.cache_stats }));
  },

  /** Records the run's content-cache figures (JSON of `CacheStats`). */
  async setCacheStats(db: Kysely<MetricsDB>, id: number, stats: unknown) {
    await db
      .updateTable('analyses')
      .set({ cache_stats: JSON.stringify(stats) })
      .where('id', '=', id)
      .execute();
  },

  /** Replaces the run's settings (the repository's own configuration is known only after the clone). */
  async setSettings(db: Kysely<MetricsDB>, id: number, settings: Record<string, unknown>) {
    await db
      .updateTable('analyses')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', id)
      .execute();
  },

  async setWarnings(db: Kysely<MetricsDB>, id: number, warnings: string[]) {
    await db
      .updateTable('analyses')
      .set({ warnings: JSON.stringify(warnings) })
      .where('id', '=', id)
      .execute();
  },

  /** Marks the run done; false when it is no longer this worker's running run (cancelled, deleted). */
  async markDone(db: Kysely<MetricsDB>, id: number, owner: string, now: number, f: DoneFields) {
    const row = await db.selectFrom('analyses').select('stage_times').where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    const res = await db
      .updateTable('analyses')
      .set({
        status: 'done',
        stage: 'done',
        stage_times: JSON.stringify([...parseStages(row), { stage: 'done', at: now }]),
        output_name: f.output_name,
        summary: JSON.stringify(f.summary),
        warnings: JSON.stringify(f.warnings),
        finished_at: now,
        lease_owner: null,
        lease_expires_at: null,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /**
   * Cancels a pending or running run; false when it had already finished. A running run's worker
   * loses its lease with this (renewLease and markDone require `running`), wherever it runs.
   */
  async cancel(db: Kysely<MetricsDB>, id: number, now: number) {
    const row = await db.selectFrom('analyses').select('stage_times').where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    const res = await db
      .updateTable('analyses')
      .set({
        status: 'cancelled',
        stage: 'cancelled',
        stage_times: JSON.stringify([...parseStages(row), { stage: 'cancelled', at: now }]),
        finished_at: now,
        lease_owner: null,
        lease_expires_at: null,
      })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'running'])
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /**
   * Deletes a run and (by cascade) every result row of it; returns its output folder's name as the
   * delete found it (null: none yet, undefined: no such run).
   */
  async remove(db: Kysely<MetricsDB>, id: number): Promise<string | null | undefined> {
    const row = await db
      .deleteFrom('analyses')
      .where('id', '=', id)
      .returning('output_name')
      .executeTakeFirst();
    return row?.output_name;
  },

  /** Place in the queue of each pending run, by id (1 = next to be claimed, as claimNext orders them). */
  async queuePositions(db: Kysely<MetricsDB>): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('analyses')
      .select('id')
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
    return new Map(rows.map((r, i) => [Number(r.id), i + 1]));
  },

  /** Fails a run; with `owner` only if that worker still holds it. */
  async markFailed(
    db: Kysely<MetricsDB>,
    id: number,
    owner: string | null,
    now: number,
    code: string,
    message: string,
  ) {
    const row = await db.selectFrom('analyses').select('stage_times').where('id', '=', id).executeTakeFirst();
    if (!row) return;
    let q = db
      .updateTable('analyses')
      .set({
        status: 'failed',
        stage: 'failed',
        stage_times: JSON.stringify([...parseStages(row), { stage: 'failed', at: now }]),
        error_code: code,
        error_message: message,
        finished_at: now,
        lease_owner: null,
        lease_expires_at: null,
      })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'running']);
    if (owner !== null) q = q.where('lease_owner', '=', owner);
    await q.execute();
  },

  /** Running runs whose worker stopped renewing the lease (it died or was killed). */
  async expiredRuns(db: Kysely<MetricsDB>, now: number) {
    return db
      .selectFrom('analyses')
      .select(['id', 'stage', 'lease_owner', 'attempts'])
      .where('status', '=', 'running')
      .where((eb) => eb.or([eb('lease_expires_at', '<', now), eb('lease_expires_at', 'is', null)]))
      .execute();
  },

  /** Every running run (start-up recovery checks whether their workers still exist). */
  async runningRuns(db: Kysely<MetricsDB>) {
    return db
      .selectFrom('analyses')
      .select(['id', 'stage', 'lease_owner', 'attempts'])
      .where('status', '=', 'running')
      .execute();
  },

  parseStages,
};

/**
 * Puts a run back in the queue (a graceful stop hands it to the next start instead of failing it; a
 * dead worker's run is taken over); false when `owner` no longer holds it.
 */
export async function requeueRun(db: Kysely<MetricsDB>, id: number, owner: string): Promise<boolean> {
  const row = await db.selectFrom('analyses').select(['stage_times']).where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  const first = parseStages(row).slice(0, 1);
  const res = await db
    .updateTable('analyses')
    .set({
      status: 'pending',
      stage: 'pending',
      stage_times: JSON.stringify(first),
      progress_done: 0,
      progress_total: 0,
      started_at: null,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
