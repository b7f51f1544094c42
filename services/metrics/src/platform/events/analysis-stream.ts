import { type Logger, SseStream } from '@app/kit';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { type AnalysisRow, analysesRepo } from '../../store/repos/analyses-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import type { AnalysisEvents, CommitTick } from './analysis-events.js';

// Stages whose progress is streamed: files while analyzing, commits in a history run.
const COUNTED: ReadonlySet<string> = new Set(['analyzing', 'history']);

// Without a relay (SQLite), other processes' workers only show up in the database; this bounds how
// late their changes appear. With the PostgreSQL relay their changes arrive as messages, and the poll
// is a safety net (every SAFETY_POLLS ticks), except for a queued run, whose place moves as other runs start.
const POLL_MS = 1000;
const SAFETY_POLLS = 5;

/** What a stream reads: the run's row, its change notifications, and a log for what goes wrong. */
export interface StreamDeps {
  db: Kysely<MetricsDB>;
  log: Logger;
  events: Pick<AnalysisEvents, 'subscribe' | 'crossInstance' | 'onShutdown'>;
}

/**
 * Streams one analysis: a `stage` event for every stage already passed (with its time), then live
 * `stage` and `progress` events (and `queue` with its place while it waits), and a final `done`,
 * `failed` or `cancelled` before closing.
 */
export function streamAnalysis(deps: StreamDeps, first: AnalysisRow, reply: FastifyReply): void {
  const id = first.id;
  reply.hijack();
  let sentStages = 0;
  let lastProgress = { done: -1, total: -1 };
  let currentStage = first.stage;
  let pending = first.status === 'pending';
  let loading = false;
  let reloadAgain = false;
  let stopWatching = () => {};
  const sse = new SseStream(reply.raw, { onClose: () => stopWatching() });

  const sendProgress = (done: number, total: number, commit?: CommitTick) => {
    // A history run's commit, live only (a late joiner gets the stored count).
    if (commit) sse.send({ event: 'commit', data: { done, total, ...commit } });
    if (!COUNTED.has(currentStage) || total <= 0) return;
    // Live ticks and stored (throttled) progress interleave; never step back.
    if (total === lastProgress.total && done <= lastProgress.done) return;
    lastProgress = { done, total };
    sse.send({ event: 'progress', data: { stage: currentStage, done, total } });
  };

  const apply = (row: AnalysisRow) => {
    const stages = analysesRepo.parseStages(row);
    // A run handed back to the queue at shutdown restarts its stage list.
    if (stages.length < sentStages) sentStages = stages.length;
    for (; sentStages < stages.length; sentStages++) {
      const s = stages[sentStages]!;
      if (s.stage !== currentStage) {
        // Leaving analysis: its last count first, so a client that connected late, or whose live
        // ticks raced the stage change, still learns how many files were analysed.
        if (COUNTED.has(currentStage)) sendProgress(row.progress_done, row.progress_total);
        lastProgress = { done: -1, total: -1 };
      }
      currentStage = s.stage;
      sse.send({ event: 'stage', data: { stage: s.stage, at: new Date(s.at).toISOString() } });
    }
    currentStage = row.stage;
    sendProgress(row.progress_done, row.progress_total);
    if (row.status === 'done') {
      sse.send({
        event: 'done',
        data: { id, output_name: row.output_name, summary: row.summary ? JSON.parse(row.summary) : null },
      });
      sse.close();
    } else if (row.status === 'failed') {
      sse.send({ event: 'failed', data: { code: row.error_code, message: row.error_message } });
      sse.close();
    } else if (row.status === 'cancelled') {
      sse.send({ event: 'cancelled', data: { id } });
      sse.close();
    }
  };

  // A queued run's place moves as the runs before it start: told whenever it changes.
  let sentPosition: number | null = null;
  const sendQueue = async (row: AnalysisRow) => {
    if (row.status !== 'pending' || sse.closed) return;
    const position = (await analysesRepo.queuePositions(deps.db)).get(id) ?? null;
    if (position === sentPosition || sse.closed) return;
    sentPosition = position;
    sse.send({ event: 'queue', data: { position } });
  };

  const reload = async () => {
    if (loading) {
      reloadAgain = true;
      return;
    }
    loading = true;
    try {
      do {
        reloadAgain = false;
        const row = await analysesRepo.get(deps.db, id);
        if (sse.closed) return;
        if (!row) {
          sse.send({ event: 'failed', data: { code: 'not_found', message: `analysis ${id} was deleted` } });
          sse.close();
          return;
        }
        pending = row.status === 'pending';
        apply(row);
        await sendQueue(row);
      } while (reloadAgain && !sse.closed);
    } catch (e) {
      deps.log.warn({ err: e, analysis: id }, 'stream reload failed');
    } finally {
      loading = false;
    }
  };

  apply(first);
  if (sse.closed) return;
  sendQueue(first).catch((e: unknown) => deps.log.warn({ err: e, analysis: id }, 'queue place not sent'));
  const unsubscribe = deps.events.subscribe(
    id,
    () => void reload(),
    (t) => sendProgress(t.done, t.total, t.commit),
  );
  let polls = 0;
  const timer = setInterval(() => {
    polls++;
    if (!deps.events.crossInstance || pending || polls % SAFETY_POLLS === 0) void reload();
  }, POLL_MS);
  // The client's EventSource reconnects to the next process and gets the replay there.
  const offShutdown = deps.events.onShutdown(() => sse.close());
  stopWatching = () => {
    unsubscribe();
    offShutdown();
    clearInterval(timer);
  };
}
