import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import { Field } from '../components/field.js';
import { ManagedEditWarning } from '../components/managed-badge.js';
import { Notice } from '../components/notice.js';
import type { LocationView, LocationWithToken } from './location-types.js';

/**
 * Create a location (name, optional id and region, heartbeat) or edit one; `local` takes only a
 * name and a region. A create answers with the probe's token, handed to `onCreated` to show once.
 */
export function LocationForm(props: {
  location: LocationView | null;
  onCreated(created: LocationWithToken): void;
  onSaved(saved: LocationView): void;
  onCancel?: () => void;
}) {
  const editing = props.location;
  const [name, setName] = useState(editing?.name ?? '');
  const [id, setId] = useState('');
  const [region, setRegion] = useState(editing?.region ?? '');
  const [heartbeat, setHeartbeat] = useState(String(editing?.heartbeat_seconds ?? 10));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const local = editing?.is_local ?? false;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    // Numbers that do not parse go as typed: the API's 422 names the field.
    const seconds = /^\d+$/.test(heartbeat.trim()) ? Number(heartbeat) : heartbeat;
    const body: Record<string, unknown> = { name, region: region.trim() === '' ? null : region.trim() };
    if (!local) body.heartbeat_seconds = seconds;
    if (!editing && id.trim() !== '') body.id = id.trim();
    setBusy(true);
    try {
      if (editing) {
        props.onSaved(
          await api<LocationView>(`/api/locations/${encodeURIComponent(editing.id)}`, {
            method: 'PUT',
            body,
          }),
        );
      } else {
        props.onCreated(await api<LocationWithToken>('/api/locations', { method: 'POST', body }));
        setName('');
        setId('');
        setRegion('');
        setHeartbeat('10');
      }
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setErrors(err.fieldMessages());
      else if (err instanceof ApiError && err.status === 409 && !editing)
        setErrors({ [id.trim() ? 'id' : 'name']: err.message });
      else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card inline-form location-form"
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit location ${editing.name}` : 'New location'}
    >
      <ManagedEditWarning configKey={editing?.config_key} what="location" />
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Name" error={errors.name}>
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
      </Field>
      {!editing && (
        <Field label="Id (optional)" hint="a-z, 0-9 and dashes; default: from the name" error={errors.id}>
          <input value={id} onChange={(e) => setId(e.target.value)} maxLength={32} placeholder="eu-west" />
        </Field>
      )}
      <Field label="Region (optional)" error={errors.region}>
        <input value={region} onChange={(e) => setRegion(e.target.value)} maxLength={100} />
      </Field>
      {!local && (
        <Field label="Heartbeat (seconds)" hint="5 to 3600" error={errors.heartbeat_seconds}>
          <input value={heartbeat} onChange={(e) => setHeartbeat(e.target.value)} inputMode="numeric" />
        </Field>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {editing ? 'Save' : 'Create location'}
      </button>
      {props.onCancel && (
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}
