import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Channel } from '../api/types.js';
import { CheckField, Field } from '../components/field.js';
import { ManagedEditWarning } from '../components/managed-badge.js';
import { Notice } from '../components/notice.js';
import { CHANNEL_TYPES, configOf } from './channel-types.js';
import { ConfigFields } from './config-fields.js';

/** Create or edit a notification channel with the fields of its type. */
export function ChannelForm({
  channel,
  onSaved,
  onCancel,
}: {
  channel: Channel | null;
  onSaved(): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(channel?.name ?? '');
  const [type, setType] = useState(channel?.type ?? 'webhook');
  const [enabled, setEnabled] = useState(channel?.is_enabled ?? true);
  const [byDefault, setByDefault] = useState(channel?.default_for_new_monitors ?? false);
  const [values, setValues] = useState<Record<string, string | boolean>>(() => {
    const out: Record<string, string | boolean> = {};
    for (const [k, v] of Object.entries(channel?.config ?? {}))
      out[k] = typeof v === 'boolean' ? v : String(v ?? '');
    return out;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    try {
      await api(channel ? `/api/channels/${channel.id}` : '/api/channels', {
        method: channel ? 'PUT' : 'POST',
        body: {
          name,
          type,
          config: configOf(type, values),
          is_enabled: enabled,
          default_for_new_monitors: byDefault,
        },
      });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) {
        setErrors(err.fieldMessages());
        setError('Please correct the marked fields.');
      } else setError(messageOf(err));
    }
  };

  return (
    <form
      className="card"
      onSubmit={submit}
      noValidate
      aria-label={channel ? `Edit ${channel.name}` : 'New channel'}
    >
      <h2>{channel ? `Edit ${channel.name}` : 'New channel'}</h2>
      <ManagedEditWarning configKey={channel?.config_key} what="channel" />
      {error && <Notice kind="error">{error}</Notice>}
      <div className="grid2">
        <Field label="Channel name" error={errors.name}>
          <input value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <Field label="Channel type" error={errors.type}>
          <select value={type} onChange={(e) => setType(e.target.value)} disabled={!!channel}>
            {Object.entries(CHANNEL_TYPES).map(([k, v]) => (
              <option key={k} value={k}>
                {v.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ConfigFields
        type={type}
        values={values}
        onChange={setValues}
        errors={errors}
        keepSecrets={channel !== null}
      />
      {errors.config && <Notice kind="error">{errors.config}</Notice>}
      <CheckField label="Enabled" checked={enabled} onChange={setEnabled} />
      <CheckField
        label="Default for new monitors"
        hint="New monitors start with this channel ticked (API: created without channel_ids)"
        checked={byDefault}
        onChange={setByDefault}
      />
      <div className="form-actions">
        <button type="submit" className="primary">
          {channel ? 'Save channel' : 'Create channel'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
