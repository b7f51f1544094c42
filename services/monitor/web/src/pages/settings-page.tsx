import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Channel, Role } from '../api/types.js';
import { TwoFactorRolesField } from '../auth/two-factor-roles-field.js';
import { CheckField, Field } from '../components/field.js';
import { Notice, PageHeader } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';

type Settings = Record<string, string | number | boolean | null | string[]>;
const fields: {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'secret' | 'bool' | 'email-channel' | 'roles';
  hint?: string;
}[] = [
  { key: 'data_retention_days', label: 'Keep raw check results (days)', kind: 'number', hint: '1 to 3650' },
  { key: 'app_base_url', label: 'Dashboard address', kind: 'text', hint: 'Used for links in alerts.' },
  { key: 'smtp_host', label: 'SMTP host', kind: 'text' },
  { key: 'smtp_port', label: 'SMTP port', kind: 'number' },
  { key: 'smtp_secure', label: 'SMTP over TLS from the first byte (port 465)', kind: 'bool' },
  { key: 'smtp_username', label: 'SMTP username', kind: 'text' },
  { key: 'smtp_password', label: 'SMTP password', kind: 'secret', hint: 'Leave ******** to keep it.' },
  { key: 'smtp_from', label: 'SMTP sender', kind: 'text' },
  {
    key: 'status_subscriptions_channel_id',
    label: 'Status page subscriptions',
    kind: 'email-channel',
    hint: 'The e-mail channel whose server and sender mail subscribers. Subscriptions also need the dashboard address (app_base_url) set above: every mail links back to it.',
  },
  { key: 'two_factor_required_roles', label: 'Require two-factor sign-in for', kind: 'roles' },
];

/** Instance settings (superadmin): only the keys the form changed are sent. */
export function SettingsPage() {
  const loaded = useApi<Settings>('/api/settings');
  const channels = useApi<Channel[]>('/api/channels');
  const [values, setValues] = useState<Settings>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState(false);

  useEffect(() => {
    if (loaded.data) setValues(loaded.data);
  }, [loaded.data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    setOk(false);
    const body: Settings = {};
    for (const f of fields) {
      const v = values[f.key] ?? null;
      if (v === (loaded.data?.[f.key] ?? null)) continue;
      body[f.key] =
        f.kind === 'number' || f.kind === 'email-channel'
          ? v === '' || v === null
            ? null
            : /^\d+$/.test(String(v))
              ? Number(v)
              : v
          : v === ''
            ? null
            : v;
    }
    try {
      const saved = await api<Settings>('/api/settings', { method: 'PUT', body });
      setValues(saved);
      setOk(true);
      loaded.reload();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setErrors(err.fieldMessages());
      else setError(messageOf(err));
    }
  };

  return (
    <section>
      <PageHeader title="Settings" />
      {loaded.error && <Notice kind="error">{loaded.error}</Notice>}
      {loaded.data && (
        <form className="card narrow" onSubmit={submit} noValidate aria-label="Settings">
          {error && <Notice kind="error">{error}</Notice>}
          {ok && <Notice kind="ok">Settings saved.</Notice>}
          {fields.map((f) =>
            f.kind === 'roles' ? (
              <TwoFactorRolesField
                key={f.key}
                value={(values[f.key] as Role[] | undefined) ?? []}
                onChange={(v) => setValues({ ...values, [f.key]: v })}
                error={errors[f.key]}
              />
            ) : f.kind === 'bool' ? (
              <CheckField
                key={f.key}
                label={f.label}
                checked={values[f.key] === true}
                onChange={(v) => setValues({ ...values, [f.key]: v })}
                error={errors[f.key]}
              />
            ) : f.kind === 'email-channel' ? (
              <Field key={f.key} label={f.label} hint={f.hint} error={errors[f.key]}>
                <select
                  value={values[f.key] === null || values[f.key] === undefined ? '' : String(values[f.key])}
                  onChange={(e) =>
                    setValues({ ...values, [f.key]: e.target.value === '' ? null : Number(e.target.value) })
                  }
                >
                  {emailChannelOptions(channels.data ?? [], values[f.key])}
                </select>
              </Field>
            ) : (
              <Field key={f.key} label={f.label} hint={f.hint} error={errors[f.key]}>
                <input
                  type={f.kind === 'secret' ? 'password' : 'text'}
                  inputMode={f.kind === 'number' ? 'numeric' : undefined}
                  autoComplete="off"
                  value={values[f.key] === null || values[f.key] === undefined ? '' : String(values[f.key])}
                  onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                />
              </Field>
            ),
          )}
          <button type="submit" className="primary">
            Save settings
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * "Off" plus the enabled e-mail channels. A stored channel that has since been disabled or
 * changed type stays listed (marked) so that opening the form does not silently drop it.
 */
function emailChannelOptions(channels: Channel[], current: Settings[string] | undefined) {
  const usable = channels.filter((c) => c.type === 'email' && c.is_enabled);
  const unlisted = typeof current === 'number' && !usable.some((c) => c.id === current);
  const stale = unlisted ? channels.find((c) => c.id === current) : undefined;
  return [
    <option key="off" value="">
      Off
    </option>,
    ...usable.map((c) => (
      <option key={c.id} value={String(c.id)}>
        {c.name}
      </option>
    )),
    ...(unlisted
      ? [
          <option key={current} value={String(current)}>
            {stale ? `${stale.name} (not an enabled e-mail channel)` : `Channel #${current} (missing)`}
          </option>,
        ]
      : []),
  ];
}
