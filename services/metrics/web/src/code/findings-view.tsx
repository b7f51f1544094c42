import { useEffect, useState } from 'react';
import {
  type FindingFilters,
  findingsUrl,
  getFindings,
  getRules,
  type RuleCount,
  rulesUrl,
} from '../api/findings.js';
import { Pager } from '../components/pager.js';
import { fmt } from '../lib/format.js';
import { linkProps, navigate } from '../lib/router.js';
import { sourceHref } from '../lib/source-link.js';
import { useLoad } from '../lib/use-load.js';
import { CategoryBadge } from './category-badge.js';
import './code.css';

const CATEGORIES = ['fatal', 'error', 'warning', 'refactor', 'convention', 'info'];
const PAGE = 50;

/**
 * Pylint's findings of the run grouped by rule, with counts; a rule opens its findings (paged by the
 * server), each linking to its line in the source view. Filters live in the address (`category`,
 * `path`, `rule`) so a view can be shared.
 */
export function FindingsPage(props: { id: number; query: URLSearchParams }) {
  const { id, query } = props;
  const category = query.get('category') ?? '';
  const path = query.get('path') ?? '';
  const rule = query.get('rule') ?? '';
  const [pathInput, setPathInput] = useState(path);
  useEffect(() => setPathInput(path), [path]);
  const filters: FindingFilters = { category: category || undefined, path: path || undefined };
  const rules = useLoad(rulesUrl(id, filters), () => getRules(rulesUrl(id, filters)));

  const go = (change: Record<string, string>) => {
    const q = new URLSearchParams(query);
    for (const [k, v] of Object.entries(change)) {
      if (v) q.set(k, v);
      else q.delete(k);
    }
    const s = q.toString();
    navigate(`/analyses/${id}/findings${s ? `?${s}` : ''}`, true);
  };

  return (
    <section className="card findings" aria-labelledby="findings-title">
      <div className="table-head">
        <h2 id="findings-title">Findings</h2>
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            go({ path: pathInput.trim() });
          }}
        >
          <label>
            Category{' '}
            <select value={category} onChange={(e) => go({ category: e.target.value })}>
              <option value="">all</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="sr-only">Path starts with</span>
            <input
              type="search"
              placeholder="Path starts with…"
              aria-label="Path starts with"
              value={pathInput}
              onChange={(e) => setPathInput(e.target.value)}
            />
          </label>
          <button type="submit">Filter</button>
        </form>
      </div>
      {rules.error && (
        <p className="error" role="alert">
          {rules.error}
        </p>
      )}
      {!rules.data && !rules.error && <p className="muted">Loading…</p>}
      {rules.data && (
        <>
          <p className="muted" aria-live="polite">
            {fmt(rules.data.total)} finding{rules.data.total === 1 ? '' : 's'} under{' '}
            {fmt(rules.data.items.length)} rule{rules.data.items.length === 1 ? '' : 's'}
          </p>
          {rules.data.items.length === 0 ? (
            <p className="muted">No findings{category || path ? ' under these filters' : ''}.</p>
          ) : (
            <ul className="rules" aria-label="Rules">
              {rules.data.items.map((r) => (
                <RuleGroup
                  key={`${r.symbol}:${r.category}`}
                  id={id}
                  rule={r}
                  filters={filters}
                  open={rule === r.symbol}
                  onToggle={() => go({ rule: rule === r.symbol ? '' : r.symbol })}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function RuleGroup(props: {
  id: number;
  rule: RuleCount;
  filters: FindingFilters;
  open: boolean;
  onToggle: () => void;
}) {
  const { id, rule, open } = props;
  return (
    <li className="rule" data-rule={rule.symbol}>
      <button type="button" className="rule-head" aria-expanded={open} onClick={props.onToggle}>
        <span className="rule-count">{fmt(rule.count)}</span> <CategoryBadge category={rule.category} />{' '}
        <code>{rule.symbol}</code> <span className="muted">{rule.message_id}</span>
      </button>
      {open && (
        <RuleFindings
          key={`${props.filters.category ?? ''}:${props.filters.path ?? ''}`}
          id={id}
          filters={{ ...props.filters, symbol: rule.symbol }}
        />
      )}
    </li>
  );
}

function RuleFindings(props: { id: number; filters: FindingFilters }) {
  const [offset, setOffset] = useState(0);
  const url = findingsUrl(props.id, props.filters, PAGE, offset);
  const page = useLoad(url, () => getFindings(url));
  if (page.error) return <p className="error">{page.error}</p>;
  if (!page.data) return <p className="muted">Loading…</p>;
  return (
    <>
      <ul className="finding-list">
        {page.data.items.map((f) => (
          <li key={`${f.path}:${f.line}:${f.column}:${f.message}`}>
            <a {...linkProps(sourceHref(props.id, f.path, f.line))}>
              <code>
                {f.path}:{f.line}
              </code>
            </a>{' '}
            {f.message}
          </li>
        ))}
      </ul>
      <Pager
        label="Pages of findings"
        offset={page.data.offset}
        limit={page.data.limit}
        total={page.data.total}
        onOffset={setOffset}
      />
    </>
  );
}
