import { getSource, type PylintInputs, sourceUrl } from '../api/findings.js';
import { fmt } from '../lib/format.js';
import { linkProps } from '../lib/router.js';
import { sourceHref } from '../lib/source-link.js';
import { useLoad } from '../lib/use-load.js';
import { CategoryBadge } from './category-badge.js';
import './code.css';

/** How pylint's score of one file came about, in words and with its numbers. */
export function scoreExplanation(p: PylintInputs): string {
  if (p.score === null) return 'Pylint did not run on this file, so it has no score.';
  const c = { e: p.error ?? 0, w: p.warning ?? 0, r: p.refactor ?? 0, cv: p.convention ?? 0 };
  if ((p.fatal ?? 0) > 0) {
    return `Pylint gives 0 to a file with a fatal message (it could not check it): ${fmt(p.fatal)} fatal.`;
  }
  const penalty = 5 * c.e + c.w + c.r + c.cv;
  const terms = `5 × ${c.e} error + ${c.w} warning + ${c.r} refactor + ${c.cv} convention`;
  if (!p.statements) {
    return penalty > 0
      ? `Pylint counted no statements; with ${terms} = ${fmt(penalty)} the score is 0.`
      : 'Pylint counted no statements and found nothing: 10.';
  }
  const raw = 10 - (10 * penalty) / p.statements;
  const clamp = raw < 0 ? ` = ${fmt(raw, 2)}, floored at 0` : '';
  return `10 − 10 × (${terms}) / ${fmt(p.statements)} statements = 10 − 10 × ${fmt(penalty)} / ${fmt(p.statements)}${clamp} = ${fmt(p.score, 2)}`;
}

/** The drill-down's pylint part: the score worked out, then the file's findings linking to their lines. */
export function PylintExplained(props: { id: number; path: string }) {
  const url = sourceUrl(props.id, props.path);
  const src = useLoad(url, () => getSource(url));
  if (src.error) return <p className="error">{src.error}</p>;
  if (!src.data) return <p className="muted">Loading…</p>;
  const { pylint, findings, findings_total: total } = src.data;
  return (
    <div className="pylint-explained">
      <p className="formula" data-testid="pylint-formula">
        <span className="muted">Pylint score: </span>
        {scoreExplanation(pylint)}
      </p>
      {total === 0 ? (
        <p className="muted">No findings.</p>
      ) : (
        <ul className="finding-list" aria-label={`Findings of ${props.path}`}>
          {findings.map((f) => (
            <li key={`${f.line}:${f.column}:${f.symbol}:${f.message}`}>
              <a {...linkProps(sourceHref(props.id, props.path, f.line))}>line {f.line}</a>{' '}
              <CategoryBadge category={f.category} /> <code>{f.symbol}</code> {f.message}
            </li>
          ))}
        </ul>
      )}
      {total > findings.length && (
        <p className="muted">
          First {fmt(findings.length)} of {fmt(total)} shown.
        </p>
      )}
    </div>
  );
}
