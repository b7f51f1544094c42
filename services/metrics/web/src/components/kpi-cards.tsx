import { gradeOf } from '../../../src/shared-types/grade.js';
import type { PylintStatus, Summary } from '../api/types.js';
import { fmt, share } from '../lib/format.js';
import { GradeExplained } from './grade-explained.js';

const CC_RANKS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

// What the Pylint card says when there is no average: each reason its own words, and every reason
// but "off" a visible warning (a time-out read as "pylint off" was the complaint).
const PYLINT_NOTE: Record<PylintStatus, string | undefined> = {
  ok: undefined,
  off: 'pylint off',
  timed_out: '⚠ pylint timed out',
  missing: '⚠ pylint not found',
  failed: '⚠ pylint failed',
  partial: '⚠ pylint crashed on some files',
};

/** The Pylint card's note and whether it is a warning, from the run's pylint status. */
export function pylintNote(s: Summary, status: PylintStatus | null | undefined): [string?, boolean?] {
  if (status && status !== 'ok') return [PYLINT_NOTE[status], status !== 'off'];
  // Servers from before the status: an empty average was all there was to go on.
  return s.pylint_avg === null && !status ? ['pylint off', false] : [undefined, false];
}

/** The KPI cards of a run and its complexity rank distribution. */
export function Kpis({ s, pylintStatus }: { s: Summary; pylintStatus?: PylintStatus | null }) {
  const grade = gradeOf(s);
  const [pylintSub, pylintWarn] = pylintNote(s, pylintStatus);
  const cards: [string, string, string?, boolean?][] = [
    ['Files', fmt(s.files), s.parse_errors ? `${fmt(s.parse_errors)} unparsable` : undefined],
    ['Lines', fmt(s.loc), s.sloc !== undefined ? `${fmt(s.sloc)} source` : undefined],
    ['Functions', fmt(s.functions), `${fmt(s.classes)} classes`],
    ['Avg complexity', fmt(s.cc_avg, 2)],
    ['Max complexity', fmt(s.cc_max)],
    ['Avg MI', fmt(s.mi_avg, 1)],
    ['Pylint avg', fmt(s.pylint_avg, 2), pylintSub, pylintWarn],
    ...duplicationCard(s),
  ];
  const counts = CC_RANKS.map((r) => (s[`cc_rank_${r}`] as number | undefined) ?? 0);
  const total = counts.reduce((a, b) => a + b, 0);
  return (
    <section aria-label="Key figures" className="kpi-area">
      <div className="kpis">
        <div
          className={`kpi grade grade-${grade.letter}`}
          title={grade.parts.map((p) => `${p.name}: ${p.value.toFixed(0)}`).join(', ')}
        >
          <span className="kpi-label">Grade</span>
          <span className="kpi-value">{grade.letter}</span>
          <span className="kpi-sub">
            {grade.parts.length ? `score ${grade.score.toFixed(0)}/100` : 'nothing to grade'}
          </span>
        </div>
        {cards.map(([label, value, sub, warn]) => (
          <div className={warn ? 'kpi kpi-warn' : 'kpi'} key={label}>
            <span className="kpi-label">{label}</span>
            <span className="kpi-value">{value}</span>
            {sub && (
              <span className="kpi-sub" role={warn ? 'status' : undefined}>
                {sub}
              </span>
            )}
          </div>
        ))}
      </div>
      <div className="card ranks">
        <h2 id="ranks-title">Complexity ranks</h2>
        <div className="rank-bar" role="img" aria-labelledby="ranks-title" aria-describedby="ranks-legend">
          {counts.map((c, i) =>
            c > 0 ? (
              <span
                key={CC_RANKS[i]}
                className={`rank-seg rank-${CC_RANKS[i]!.toUpperCase()}`}
                style={{ flexGrow: c }}
                title={`${CC_RANKS[i]!.toUpperCase()}: ${c}`}
              />
            ) : null,
          )}
        </div>
        <ul id="ranks-legend" className="legend">
          {counts.map((c, i) => (
            <li key={CC_RANKS[i]}>
              <span className={`rank rank-${CC_RANKS[i]!.toUpperCase()}`}>{CC_RANKS[i]!.toUpperCase()}</span>{' '}
              {fmt(c)}
              {total > 0 && <span className="muted"> ({share(c, total)} %)</span>}
            </li>
          ))}
        </ul>
        <p className="muted small">
          MI ranks: A {fmt(s.mi_rank_a)} · B {fmt(s.mi_rank_b)} · C {fmt(s.mi_rank_c)}
        </p>
      </div>
      <GradeExplained grade={grade} />
    </section>
  );
}

function duplicationCard(s: Summary): [string, string, string?][] {
  if (s.duplicated_lines_pct === undefined || s.duplicated_lines_pct === null) return [];
  return [
    ['Duplication', `${fmt(s.duplicated_lines_pct, 1)} %`, `${fmt(s.duplicated_lines)} duplicated lines`],
  ];
}
