import { useEffect, useState } from 'react';
import { getAnalysis } from '../api/client.js';
import { type Analysis, isFinished, type Stage } from '../api/types.js';
import { stageLabel } from '../components/status-badge.js';

const ORDER: Stage[] = [
  'pending',
  'cloning',
  'discovering',
  'analyzing',
  'linting',
  'git_analysis',
  'history',
  'generating',
  'done',
];

interface Live {
  reached: Map<string, string>;
  current: string;
  progress: { done: number; total: number } | null;
  failure: { code: string; message: string } | null;
  queue: number | null;
}

function fromRecord(a: Analysis): Live {
  const reached = new Map<string, string>();
  for (const s of a.stages ?? []) reached.set(s.stage, s.at);
  if (!reached.has(a.stage)) reached.set(a.stage, a.started_at ?? a.created_at);
  return {
    reached,
    current: a.stage,
    progress: a.progress.total > 0 ? a.progress : null,
    failure: a.error,
    queue: a.queue_position ?? null,
  };
}

/** The stages of a run, live from the SSE stream (polling the record if the stream cannot be opened). */
export function Progress({
  analysis,
  onFinished,
  onStage,
}: {
  analysis: Analysis;
  onFinished: () => void;
  onStage?: (stage: Stage) => void;
}) {
  const [live, setLive] = useState<Live>(() => fromRecord(analysis));
  const history = analysis.settings?.history === true;
  const historyRun = Boolean(analysis.settings?.history_run);

  useEffect(() => {
    if (analysis.status === 'failed' || analysis.status === 'cancelled') return;
    let closed = false;
    let poll: ReturnType<typeof setInterval> | undefined;
    const es = new EventSource(`/api/analyses/${analysis.id}/stream`);
    es.addEventListener('stage', (e) => {
      const d = JSON.parse((e as MessageEvent).data) as { stage: Stage; at: string };
      setLive((l) => ({ ...l, current: d.stage, reached: new Map(l.reached).set(d.stage, d.at) }));
      onStage?.(d.stage);
    });
    es.addEventListener('progress', (e) => {
      const d = JSON.parse((e as MessageEvent).data) as { done: number; total: number };
      setLive((l) => ({ ...l, progress: { done: d.done, total: d.total } }));
    });
    es.addEventListener('queue', (e) => {
      const d = JSON.parse((e as MessageEvent).data) as { position: number | null };
      setLive((l) => ({ ...l, queue: d.position }));
    });
    es.addEventListener('cancelled', () => {
      closed = true;
      es.close();
      setLive((l) => ({ ...l, current: 'cancelled' }));
      onFinished();
    });
    es.addEventListener('done', () => {
      closed = true;
      es.close();
      onFinished();
    });
    es.addEventListener('failed', (e) => {
      closed = true;
      es.close();
      const d = JSON.parse((e as MessageEvent).data) as { code: string; message: string };
      setLive((l) => ({ ...l, current: 'failed', failure: d }));
      onFinished();
    });
    es.onerror = () => {
      if (closed || poll) return;
      // No stream (or it dropped for good): fall back to reading the record.
      if (es.readyState === EventSource.CLOSED) {
        poll = setInterval(async () => {
          const a = await getAnalysis(analysis.id).catch(() => null);
          if (!a) return;
          setLive(fromRecord(a));
          if (isFinished(a.status)) {
            clearInterval(poll);
            onFinished();
          }
        }, 1500);
      }
    };
    return () => {
      closed = true;
      es.close();
      clearInterval(poll);
    };
  }, [analysis.id, analysis.status, onFinished, onStage]);

  const pylint = analysis.settings?.pylint === true;
  const stages = ORDER.filter(
    (s) =>
      live.reached.has(s) ||
      (s !== 'git_analysis' && s !== 'linting' && s !== 'history') ||
      (s === 'history' ? historyRun : s === 'git_analysis' ? history : pylint),
  );
  const cancelled = live.current === 'cancelled' || analysis.status === 'cancelled';
  const failed = cancelled || live.current === 'failed' || analysis.status === 'failed';
  const failure = live.failure ?? analysis.error;
  const pct =
    live.progress && live.progress.total > 0 ? (100 * live.progress.done) / live.progress.total : null;
  const currentIdx = stages.indexOf(live.current as Stage);
  // The stage a failed run was in when it stopped.
  const lastReached = [...stages].reverse().find((s) => live.reached.has(s));

  return (
    <section className="card" aria-labelledby="progress-title">
      <h2 id="progress-title">
        {cancelled
          ? 'The analysis was cancelled'
          : failed
            ? 'The analysis failed'
            : live.current === 'pending'
              ? 'Queued'
              : 'Analyzing…'}
      </h2>
      {!failed && live.current === 'pending' && live.queue !== null && (
        <p className="muted queue-place">
          {live.queue === 1
            ? 'Next in the queue: it starts as soon as a worker is free.'
            : `Place ${live.queue} in the queue: ${live.queue - 1} ${live.queue === 2 ? 'run is' : 'runs are'} ahead of it.`}
        </p>
      )}
      <ol className="stages" aria-label="Stages">
        {stages.map((s, i) => {
          const at = live.reached.get(s);
          const reachedHere = Boolean(at) || (currentIdx >= 0 && i < currentIdx);
          const state =
            failed && s === lastReached
              ? 'failed'
              : s === live.current && !failed
                ? 'current'
                : reachedHere
                  ? 'passed'
                  : 'waiting';
          return (
            <li
              key={s}
              className={`stage stage-${state}`}
              data-stage={s}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="dot" aria-hidden="true" />
              <span className="stage-name">{stageLabel(s)}</span>
              {at && <time dateTime={at}>{new Date(at).toLocaleTimeString()}</time>}
            </li>
          );
        })}
      </ol>
      {!failed && live.current === 'analyzing' && (
        <div className="progress-wrap">
          <progress
            max={live.progress?.total || 1}
            value={live.progress?.done ?? 0}
            aria-label="Files analysed"
            aria-valuetext={
              live.progress ? `${live.progress.done} of ${live.progress.total} files` : 'starting'
            }
          />
          <span className="muted">
            {live.progress ? `${live.progress.done} / ${live.progress.total} files` : 'starting…'}
            {pct !== null && ` (${pct.toFixed(0)} %)`}
          </span>
        </div>
      )}
      {!failed && live.current === 'linting' && (
        <p className="muted linting-note">
          pyscan has measured {live.progress ? `all ${live.progress.total} files` : 'every file'}; pylint is
          still running.
        </p>
      )}
      {failed && !cancelled && failure && (
        <div className="failure" role="alert">
          <strong>{failure.code}</strong>: {failure.message}
        </div>
      )}
    </section>
  );
}
