import { Fragment, useEffect, useMemo, useRef } from 'react';
import { type Finding, getSource, type SourceFunction, type SourceView, sourceUrl } from '../api/findings.js';
import { fmt } from '../lib/format.js';
import { highlightLines } from '../lib/highlight.js';
import { linkProps } from '../lib/router.js';
import { sourceHref } from '../lib/source-link.js';
import { useLoad } from '../lib/use-load.js';
import { CategoryBadge } from './category-badge.js';
import './code.css';

const NOT_STORED: Record<Exclude<SourceView['status'], 'stored'>, string> = {
  file_cap:
    'The file is larger than the per-file cap of the source store (SOURCE_MAX_FILE_KB): its text was not kept.',
  run_cap: "The run's source store was full (SOURCE_MAX_RUN_MB) when this file came: its text was not kept.",
  unreadable: 'The file could not be read or decoded when it was analysed: its text was not kept.',
  not_stored: 'This run finished before sources were stored: run the analysis again to see the source.',
};

/** A file's source at the analysed commit, highlighted, with function metrics and findings at their lines. */
export function SourcePage(props: { id: number; query: URLSearchParams }) {
  const path = props.query.get('path') ?? '';
  const lineParam = Number(props.query.get('line'));
  const marked = Number.isInteger(lineParam) && lineParam > 0 ? lineParam : null;
  const src = useLoad(path ? sourceUrl(props.id, path) : null, () => getSource(sourceUrl(props.id, path)));

  useEffect(() => {
    if (src.data) document.title = `${src.data.path} · Code metrics`;
  }, [src.data]);

  if (!path) return <p className="error">No file named: the address needs ?path=.</p>;
  return (
    <section className="card source" aria-labelledby="source-title">
      <div className="table-head">
        <h2 id="source-title">
          <code>{path}</code>
        </h2>
        <a {...linkProps(`/analyses/${props.id}?file=${encodeURIComponent(path)}`)}>File metrics</a>
      </div>
      {src.error && (
        <p className="error" role="alert">
          {src.error}
        </p>
      )}
      {!src.data && !src.error && <p className="muted">Loading…</p>}
      {src.data && <SourceBody id={props.id} view={src.data} marked={marked} />}
    </section>
  );
}

function SourceBody(props: { id: number; view: SourceView; marked: number | null }) {
  const { view, id, marked } = props;
  const lines = useMemo(() => (view.text === null ? null : highlightLines(view.text)), [view.text]);
  const byLine = useMemo(() => {
    const m = new Map<number, Finding[]>();
    for (const f of view.findings) m.set(f.line, [...(m.get(f.line) ?? []), f]);
    return m;
  }, [view.findings]);
  const fnAt = useMemo(() => {
    const m = new Map<number, SourceFunction[]>();
    for (const f of view.functions) m.set(f.lineno, [...(m.get(f.lineno) ?? []), f]);
    return m;
  }, [view.functions]);
  const markedRow = useRef<HTMLTableRowElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again when the text or the line changes.
  useEffect(() => {
    markedRow.current?.scrollIntoView({ block: 'center' });
  }, [marked, lines]);

  const summary = (
    <p className="muted">
      {fmt(view.functions.length)} function{view.functions.length === 1 ? '' : 's'} ·{' '}
      {fmt(view.findings_total)} finding{view.findings_total === 1 ? '' : 's'}
      {view.findings_total > view.findings.length && ` (first ${fmt(view.findings.length)} shown)`}
    </p>
  );
  if (lines === null) {
    return (
      <>
        <p className="notice" role="note">
          {NOT_STORED[view.status as keyof typeof NOT_STORED]}
        </p>
        {summary}
        <ul className="finding-list">
          {view.findings.map((f) => (
            <li key={`${f.line}:${f.column}:${f.symbol}`}>
              line {f.line}: <CategoryBadge category={f.category} /> <code>{f.symbol}</code> {f.message}
            </li>
          ))}
        </ul>
      </>
    );
  }
  // Pylint places a few module messages on line 0 or past the end: they are listed above the text.
  const outside = view.findings.filter((f) => f.line < 1 || f.line > lines.length);
  return (
    <>
      {summary}
      {outside.length > 0 && (
        <ul className="finding-list" aria-label="Findings outside the text">
          {outside.map((f) => (
            <li key={`${f.line}:${f.column}:${f.symbol}:${f.message}`}>
              line {f.line}: <CategoryBadge category={f.category} /> <code>{f.symbol}</code> {f.message}
            </li>
          ))}
        </ul>
      )}
      <div className="scroll-x">
        <table className="code" aria-label={`Source of ${view.path}`}>
          <tbody>
            {lines.map((html, i) => {
              const n = i + 1;
              const fns = fnAt.get(n);
              const found = byLine.get(n);
              const isMarked = n === marked;
              return (
                <Fragment key={n}>
                  <tr
                    id={`L${n}`}
                    ref={isMarked ? markedRow : undefined}
                    className={isMarked ? 'marked' : found ? 'has-finding' : undefined}
                    aria-current={isMarked ? 'location' : undefined}
                  >
                    <td className="gutter">
                      {fns?.map((f) => (
                        <span
                          key={`${f.class}.${f.name}`}
                          className={`fn-metrics rank-${f.rank}`}
                          title={`${f.class ? `${f.class}.` : ''}${f.name}, lines ${f.lineno}–${f.endline}: complexity ${f.complexity}, cognitive ${f.cognitive}, rank ${f.rank}`}
                        >
                          CC {f.complexity} · Cog {f.cognitive} · {f.rank}
                        </span>
                      ))}
                    </td>
                    <td className="ln">
                      <a {...linkProps(sourceHref(id, view.path, n))}>{n}</a>
                    </td>
                    {/* highlight.js output: escaped text in class-only spans (see lib/highlight.ts). */}
                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by highlight.js */}
                    <td className="src hljs" dangerouslySetInnerHTML={{ __html: html || ' ' }} />
                  </tr>
                  {found && (
                    <tr className="inline-findings">
                      <td />
                      <td />
                      <td>
                        <ul>
                          {found.map((f) => (
                            <li key={`${f.column}:${f.symbol}:${f.message}`}>
                              <CategoryBadge category={f.category} /> <code>{f.symbol}</code> ({f.message_id}){' '}
                              {f.message}
                              <span className="muted"> · col {f.column + 1}</span>
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
