import { useState } from 'react';
import type { Monitor, StatusPageSection } from '../api/types.js';
import { Field } from '../components/field.js';

/** `list` with the items at `i` and `j` swapped (out-of-range moves change nothing). */
function swap<T>(list: readonly T[], i: number, j: number): T[] {
  if (j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** The sections of a page and their monitors, each list in display order. */
export function SectionsEditor({
  sections,
  monitors,
  errors,
  onChange,
}: {
  sections: StatusPageSection[];
  monitors: Monitor[];
  errors: Record<string, string>;
  onChange(next: StatusPageSection[]): void;
}) {
  const set = (i: number, s: StatusPageSection) => onChange(sections.map((x, k) => (k === i ? s : x)));
  return (
    <fieldset className="sections-editor">
      <legend>Sections</legend>
      {errors.sections && <small className="error-text">{errors.sections}</small>}
      {sections.map((s, i) => (
        <SectionEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; position is their identity here
          key={i}
          index={i}
          count={sections.length}
          section={s}
          monitors={monitors}
          errors={errors}
          onChange={(next) => set(i, next)}
          onMove={(to) => onChange(swap(sections, i, to))}
          onRemove={() => onChange(sections.filter((_, k) => k !== i))}
        />
      ))}
      <button type="button" onClick={() => onChange([...sections, { name: '', monitor_ids: [] }])}>
        Add section
      </button>
    </fieldset>
  );
}

function SectionEditor(props: {
  index: number;
  count: number;
  section: StatusPageSection;
  monitors: Monitor[];
  errors: Record<string, string>;
  onChange(next: StatusPageSection): void;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const { index: i, section: s, errors } = props;
  const names = new Map(props.monitors.map((m) => [m.id, m.name]));
  const available = [...props.monitors]
    .filter((m) => !s.monitor_ids.includes(m.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  const [pick, setPick] = useState('');
  const ids = s.monitor_ids;
  const monitorErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith(`sections.${i}.monitor_ids`))
    .map(([, v]) => v);
  const title = s.name || `Section ${i + 1}`;
  return (
    <fieldset className="section-editor card" aria-label={`Section ${i + 1}`}>
      <div className="section-head">
        <Field label={`Section ${i + 1} name`} error={errors[`sections.${i}.name`]}>
          <input value={s.name} onChange={(e) => props.onChange({ ...s, name: e.target.value })} />
        </Field>
        <div className="row-actions">
          <button
            type="button"
            disabled={i === 0}
            onClick={() => props.onMove(i - 1)}
            aria-label={`Move ${title} up`}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={i === props.count - 1}
            onClick={() => props.onMove(i + 1)}
            aria-label={`Move ${title} down`}
          >
            ↓
          </button>
          <button type="button" className="danger" onClick={props.onRemove} aria-label={`Remove ${title}`}>
            Remove section
          </button>
        </div>
      </div>
      <ol className="section-monitors" aria-label={`Monitors of ${title}`}>
        {ids.map((id, k) => {
          const name = names.get(id) ?? `#${id}`;
          return (
            <li key={id}>
              <span>{name}</span>
              <span className="row-actions">
                <button
                  type="button"
                  disabled={k === 0}
                  onClick={() => props.onChange({ ...s, monitor_ids: swap(ids, k, k - 1) })}
                  aria-label={`Move ${name} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={k === ids.length - 1}
                  onClick={() => props.onChange({ ...s, monitor_ids: swap(ids, k, k + 1) })}
                  aria-label={`Move ${name} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  onClick={() => props.onChange({ ...s, monitor_ids: ids.filter((x) => x !== id) })}
                  aria-label={`Remove ${name}`}
                >
                  ✕
                </button>
              </span>
            </li>
          );
        })}
        {ids.length === 0 && <li className="empty">No monitors in this section.</li>}
      </ol>
      {monitorErrors.map((m) => (
        <small key={m} className="error-text" role="alert">
          {m}
        </small>
      ))}
      <div className="inline-form">
        <Field label={`Add a monitor to ${title}`}>
          <select value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">Choose a monitor…</option>
            {available.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </Field>
        <button
          type="button"
          disabled={pick === ''}
          onClick={() => {
            props.onChange({ ...s, monitor_ids: [...ids, Number(pick)] });
            setPick('');
          }}
        >
          Add monitor
        </button>
      </div>
    </fieldset>
  );
}
