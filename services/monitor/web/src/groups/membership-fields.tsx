import './groups.css';
import { Field } from '../components/field.js';
import { useApi } from '../lib/use-api.js';
import type { FormState } from '../monitors/form-state.js';
import type { Group, Tag } from './group-types.js';

/** The form's group and tags as the API takes them: a tag by name creates it when new. */
export function membershipBody(f: FormState) {
  return {
    group_id: f.group_id ? Number(f.group_id) : null,
    tags: f.tags
      .filter((t) => t.name.trim() !== '')
      .map((t) => ({ name: t.name.trim(), value: t.value.trim() === '' ? null : t.value })),
  };
}

/** The group picker and the tag editor of the monitor form. */
export function MembershipFields(props: {
  f: FormState;
  set: <K extends keyof FormState>(k: K, v: FormState[K]) => void;
  errors: Record<string, string>;
}) {
  const { f, set, errors } = props;
  const groups = useApi<Group[]>('/api/groups');
  const tags = useApi<Tag[]>('/api/tags');
  const setTag = (i: number, patch: Partial<FormState['tags'][number]>) =>
    set(
      'tags',
      f.tags.map((t, j) => (j === i ? { ...t, ...patch } : t)),
    );
  const tagError = Object.entries(errors)
    .filter(([k]) => k === 'tags' || k.startsWith('tags.'))
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  return (
    <fieldset>
      <legend>Group and tags</legend>
      <Field label="Group" error={errors.group_id}>
        <select value={f.group_id} onChange={(e) => set('group_id', e.target.value)}>
          <option value="">No group</option>
          {(groups.data ?? []).map((g) => (
            <option key={g.id} value={String(g.id)}>
              {g.path.join(' / ')}
            </option>
          ))}
        </select>
      </Field>
      <datalist id="known-tags">
        {(tags.data ?? []).map((t) => (
          <option key={t.id} value={t.name} />
        ))}
      </datalist>
      <ul className="tag-editor" aria-label="Tags">
        {f.tags.map((t, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place while edited
          <li key={i}>
            <input
              aria-label={`Tag ${i + 1} name`}
              list="known-tags"
              placeholder="name (new names create a tag)"
              maxLength={50}
              value={t.name}
              onChange={(e) => setTag(i, { name: e.target.value })}
            />
            <input
              aria-label={`Tag ${i + 1} value`}
              placeholder="value (optional)"
              maxLength={200}
              value={t.value}
              onChange={(e) => setTag(i, { value: e.target.value })}
            />
            <button
              type="button"
              onClick={() =>
                set(
                  'tags',
                  f.tags.filter((_, j) => j !== i),
                )
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => set('tags', [...f.tags, { name: '', value: '' }])}>
        Add tag
      </button>
      {tagError && (
        <small className="error-text" role="alert">
          {tagError}
        </small>
      )}
    </fieldset>
  );
}
