import { useLoad } from '../lib/use-load.js';
import { loadVerdict, type Verdict } from './gate-api.js';

const fmtValue = (v: number | string | null) =>
  v === null ? '–' : typeof v === 'number' ? String(Math.round(v * 100) / 100) : v;

/** A run's verdict: passed or failed, and each condition with its value and limit. */
export function VerdictPanel(props: { verdict: Verdict | null; error?: string | null; compact?: boolean }) {
  const { verdict: v } = props;
  if (props.error) {
    return (
      <p className="error" role="alert">
        Could not load the quality gate's verdict: {props.error}
      </p>
    );
  }
  if (!v) return props.compact ? null : <p className="muted">No saved quality gate applies to this run.</p>;
  const failed = v.conditions.filter((c) => c.status === 'failed');
  return (
    <section className="card" aria-label="Quality gate verdict" data-verdict={v.status}>
      <p className={v.status === 'passed' ? 'pass-text' : 'fail-text'} role="status">
        Quality gate {v.status}
        {v.gate.scope === 'repository' ? ' (this repository’s gate)' : ' (default gate)'}
        {failed.length > 0 && `: ${failed.map((c) => c.condition).join(', ')}`}
      </p>
      {!props.compact && (
        <table className="table" aria-label="Gate conditions">
          <thead>
            <tr>
              <th scope="col">Condition</th>
              <th scope="col">Result</th>
              <th scope="col">Value</th>
              <th scope="col">Items</th>
            </tr>
          </thead>
          <tbody>
            {v.conditions.map((c) => (
              <tr key={c.condition} className={c.status === 'failed' ? 'failing' : undefined}>
                <td>
                  <code>{c.condition}</code>
                </td>
                <td>{c.status === 'skipped' ? `skipped: ${c.reason}` : c.status}</td>
                <td>{fmtValue(c.value)}</td>
                <td>
                  {c.failing_items === null
                    ? ''
                    : `${c.failing_items}${c.items.length ? `: ${c.items.map((i) => `${i.path}:${i.line} ${i.name}`).join(', ')}` : ''}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The dashboard's one line: the run's verdict when a gate applies, nothing otherwise. */
export function DashboardVerdict(props: { id: number }) {
  const { data, error } = useLoad(`verdict:${props.id}`, () => loadVerdict(props.id));
  return <VerdictPanel verdict={data} error={error} compact />;
}
