import { useCallback, useEffect, useState } from 'react';
import { getAnalysis } from '../api/client.js';
import { type Analysis, isFinished, type Stage, type Status } from '../api/types.js';
import { CodeSection } from '../code/code-section.js';
import { CacheFigures } from '../components/cache-figures.js';
import { RunActions } from '../components/run-actions.js';
import { StatusBadge } from '../components/status-badge.js';
import { Duplicates } from '../duplicates/duplicates-page.js';
import { Explorer } from '../explorer/explorer-page.js';
import { TabLinks } from '../explorer/tab-links.js';
import { ImportsPage } from '../imports/imports-page.js';
import { repoName, when } from '../lib/format.js';
import { gateParams } from '../lib/gate.js';
import { linkProps } from '../lib/router.js';
import { Dashboard } from './dashboard-page.js';
import { Insights } from './insights-page.js';
import { Progress } from './progress-panel.js';

/** One run: its progress while it runs, then its dashboard or Insights. */
export function AnalysisPage(props: {
  id: number;
  insights: boolean;
  /** The findings list or a file's source view. */
  code?: 'findings' | 'source' | null;
  view: string;
  query: URLSearchParams;
  /** `explorer`, `duplicates` (issue 21) or `imports` (issue 35), else the dashboard or Insights. */
  tab?: string | undefined;
}) {
  const { id } = props;
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The stage the stream last reported, so the header badge moves with the progress view.
  const [liveStage, setLiveStage] = useState<Stage | null>(null);
  const reload = useCallback(async () => {
    try {
      setAnalysis(await getAnalysis(id));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [id]);
  useEffect(() => {
    setAnalysis(null);
    setLiveStage(null);
    reload();
  }, [reload]);

  useEffect(() => {
    if (analysis) document.title = `${repoName(analysis.repo_url)} · Code metrics`;
  }, [analysis]);

  if (error) {
    return (
      <section className="card">
        <h1>Analysis {id}</h1>
        <p className="error" role="alert">
          {error}
        </p>
      </section>
    );
  }
  if (!analysis) return <p className="muted">Loading…</p>;
  const done = analysis.status === 'done';
  const badge = liveBadge(analysis, liveStage);
  // Quality-gate thresholds follow the user between the dashboard and Insights.
  const gateQs = gateParams(props.query).toString();
  const suffix = gateQs ? `?${gateQs}` : '';
  const ref = analysis.ref ?? analysis.branch ?? analysis.ref_used;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>
            {repoName(analysis.repo_url)} <StatusBadge status={badge.status} stage={badge.stage} />
          </h1>
          <p className="muted">
            Run #{analysis.id}
            {ref && (
              <>
                {' '}
                · ref <code>{ref}</code>
              </>
            )}
            {analysis.commit_sha && (
              <>
                {' '}
                · commit <code>{analysis.commit_sha.slice(0, 10)}</code>
              </>
            )}{' '}
            · {when(analysis.created_at)}
          </p>
        </div>
        {done && (
          <nav className="tabs" aria-label="Run views">
            <a
              {...linkProps(`/analyses/${id}${suffix}`)}
              aria-current={props.insights || props.code || props.tab ? undefined : 'page'}
            >
              Dashboard
            </a>
            <a
              {...linkProps(`/analyses/${id}/insights${suffix}`)}
              aria-current={props.insights ? 'page' : undefined}
            >
              Insights
            </a>
            <a
              {...linkProps(`/analyses/${id}/findings`)}
              aria-current={props.code === 'findings' ? 'page' : undefined}
            >
              Findings
            </a>
            <TabLinks id={id} tab={props.tab} />
          </nav>
        )}
      </div>
      {analysis.warnings.length > 0 && (
        <details className="card warnings">
          <summary>
            {analysis.warnings.length} warning{analysis.warnings.length > 1 ? 's' : ''}
          </summary>
          <ul>
            {analysis.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </details>
      )}
      <RunActions analysis={analysis} onChanged={reload} />
      {done && <CacheFigures cache={analysis.cache} />}
      {!done && <Progress analysis={analysis} onFinished={reload} onStage={setLiveStage} />}
      {done && props.code && <CodeSection id={id} which={props.code} query={props.query} />}
      {done && !props.insights && !props.code && !props.tab && (
        <Dashboard analysis={analysis} query={props.query} />
      )}
      {done && props.tab === 'explorer' && <Explorer analysis={analysis} />}
      {done && props.tab === 'duplicates' && <Duplicates analysis={analysis} query={props.query} />}
      {done && props.tab === 'imports' && <ImportsPage analysis={analysis} query={props.query} />}
      {done && props.insights && <Insights analysis={analysis} view={props.view} query={props.query} />}
    </>
  );
}

/** The badge of a run: the stream's latest stage while it runs, else the stored record. */
function liveBadge(a: Analysis, live: Stage | null): { status: Status; stage: Stage } {
  if (!live || isFinished(a.status)) return { status: a.status, stage: a.stage };
  const status: Status =
    live === 'failed' || live === 'done' || live === 'cancelled'
      ? live
      : live === 'pending'
        ? 'pending'
        : 'running';
  return { status, stage: live };
}
