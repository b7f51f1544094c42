import { useState } from 'react';
import { linkProps } from '../lib/router.js';
import { sourceHref } from '../lib/source-link.js';
import { useLoad } from '../lib/use-load.js';
import { type CloneGroupDetail, loadDuplicate } from './duplicates-api.js';

type Occurrence = CloneGroupDetail['occurrences'][number];

/** Two occurrences of a clone group side by side (any two of them when there are more). */
export function CloneCompare({ id, group }: { id: number; group: number }) {
  const key = `dup:${id}:${group}`;
  const { data, error } = useLoad(key, () => loadDuplicate(id, group));
  const [left, setLeft] = useState(0);
  const [right, setRight] = useState(1);
  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!data) return <p className="muted">Loading group {group}…</p>;
  const pick = (value: number, set: (n: number) => void, label: string) =>
    data.occurrences.length > 2 && (
      <select aria-label={label} value={value} onChange={(e) => set(Number(e.target.value))}>
        {data.occurrences.map((o, i) => (
          <option key={`${o.path}:${o.start_line}`} value={i}>
            {o.path}:{o.start_line}
          </option>
        ))}
      </select>
    );
  const a = data.occurrences[left];
  const b = data.occurrences[right];
  return (
    <section className="card clone-compare" aria-label={`Clone group ${group} side by side`}>
      <h2>
        Group {group}: {data.tokens} tokens, {data.occurrences.length} copies
      </h2>
      <div className="clone-sides">
        <div>
          {pick(left, setLeft, 'Left fragment')}
          {a && <Fragment id={id} o={a} side="left" />}
        </div>
        <div>
          {pick(right, setRight, 'Right fragment')}
          {b && <Fragment id={id} o={b} side="right" />}
        </div>
      </div>
    </section>
  );
}

function Fragment({ id, o, side }: { id: number; o: Occurrence; side: string }) {
  const lines = o.text.split('\n');
  return (
    <figure className="fragment" data-side={side}>
      <figcaption>
        <a {...linkProps(sourceHref(id, o.path, o.start_line))}>
          <code>
            {o.path}:{o.start_line}–{o.end_line}
          </code>
        </a>
        {o.truncated && (
          <span className="muted small">
            {o.text === '' ? ' (text not stored: the run kept its largest clones only)' : ' (shortened)'}
          </span>
        )}
      </figcaption>
      <pre>
        {lines.map((l, i) => (
          // Line numbers of the analysed file, not of the fragment.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fragment's lines never reorder.
          <span key={i} className="code-line" data-line={o.start_line + i}>
            <span className="ln" aria-hidden="true">
              {o.start_line + i}
            </span>
            {l}
            {'\n'}
          </span>
        ))}
      </pre>
    </figure>
  );
}
