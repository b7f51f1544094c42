import type { Stage, Status } from '../api/types.js';

const LABEL: Record<string, string> = {
  pending: 'queued',
  cloning: 'cloning',
  discovering: 'discovering files',
  analyzing: 'analyzing',
  linting: 'pylint running',
  git_analysis: 'reading history',
  history: 'measuring earlier commits',
  generating: 'writing outputs',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The status of a run as a coloured badge; a running run names its stage. */
export function StatusBadge({ status, stage }: { status: Status; stage: Stage }) {
  const text = status === 'running' ? (LABEL[stage] ?? stage) : (LABEL[status] ?? status);
  return <span className={`badge badge-${status}`}>{text}</span>;
}

/** Human name of a stage. */
export const stageLabel = (s: string) => LABEL[s] ?? s;
