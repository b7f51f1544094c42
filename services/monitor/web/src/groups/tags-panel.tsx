import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Field } from '../components/field.js';
import { ManagedBadge, ManagedEditWarning } from '../components/managed-badge.js';
import { Notice } from '../components/notice.js';
import { Link } from '../lib/router.js';
import type { Tag } from './group-types.js';

/** The tags: a colour and a name each; admins create, rename, recolour and delete them. */
export function TagsPanel(props: {
  tags: Tag[];
  admin: boolean;
  onChanged(): void;
  onError(m: string): void;
}) {
  return (
    <>
      {props.admin && <TagForm onSaved={props.onChanged} />}
      {props.tags.length === 0 ? (
        <Notice kind="info">No tags yet. Tag monitors in their form, or create tags here.</Notice>
      ) : (
        <table aria-label="Tags">
          <thead>
            <tr>
              <th>Tag</th>
              <th className="num">Monitors</th>
              {props.admin && <th>Actions</th>}
            </tr>
          </thead>
          <tbody>
            {props.tags.map((t) => (
              <TagRow key={t.id} tag={t} {...props} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function TagRow(props: { tag: Tag; admin: boolean; onChanged(): void; onError(m: string): void }) {
  const t = props.tag;
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <tr>
        <td colSpan={3}>
          <TagForm
            editing={t}
            onSaved={() => {
              setEditing(false);
              props.onChanged();
            }}
            onCancel={() => setEditing(false)}
          />
        </td>
      </tr>
    );
  }
  return (
    <tr data-tag-id={t.id}>
      <td>
        <Link to={`/?tag=${encodeURIComponent(t.name)}`} className="tag-chip">
          <span className="tag-dot" style={{ background: t.color }} aria-hidden="true" />
          {t.name}
        </Link>
        <ManagedBadge configKey={t.config_key} />
      </td>
      <td className="num">{t.monitor_count}</td>
      {props.admin && (
        <td className="actions">
          <button type="button" onClick={() => setEditing(true)}>
            Edit
          </button>
          <ConfirmButton
            label="Delete"
            question={`Delete the tag ${t.name}? It comes off ${t.monitor_count} monitor${t.monitor_count === 1 ? '' : 's'}.`}
            onConfirm={async () => {
              try {
                await api(`/api/tags/${t.id}`, { method: 'DELETE' });
                props.onChanged();
              } catch (e) {
                props.onError(messageOf(e));
              }
            }}
          />
        </td>
      )}
    </tr>
  );
}

function TagForm(props: { editing?: Tag; onSaved(): void; onCancel?(): void }) {
  const e0 = props.editing;
  const [name, setName] = useState(e0?.name ?? '');
  const [color, setColor] = useState(e0?.color ?? '#2356c7');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    try {
      await api(e0 ? `/api/tags/${e0.id}` : '/api/tags', {
        method: e0 ? 'PUT' : 'POST',
        body: { name, color },
      });
      if (!e0) setName('');
      props.onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setErrors(err.fieldMessages());
      else setError(messageOf(err));
    }
  };
  return (
    <form className="card inline-form" onSubmit={submit} aria-label={e0 ? `Edit tag ${e0.name}` : 'New tag'}>
      <ManagedEditWarning configKey={e0?.config_key} what="tag" />
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Tag name" hint="No colon" error={errors.name}>
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={50} />
      </Field>
      <Field label="Colour" error={errors.color}>
        <input type="color" value={color} onChange={(e) => setColor(e.target.value)} />
      </Field>
      <button type="submit" className="primary">
        {e0 ? 'Save tag' : 'Create tag'}
      </button>
      {props.onCancel && (
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}
