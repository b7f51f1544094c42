import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Channel, Monitor, MonitorType } from '../api/types.js';
import { CheckField, Field } from '../components/field.js';
import { ManagedEditWarning } from '../components/managed-badge.js';
import { Notice, PageHeader } from '../components/notice.js';
import { PolicyField } from '../escalation/policy-field.js';
import { MembershipFields, membershipBody } from '../groups/membership-fields.js';
import { Link, navigate } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { LocationFields } from '../locations/location-fields.js';
import { locationBody } from '../locations/monitor-locations.js';
import { CONDITION_FIELDS, ConditionFields, conditionBody } from './condition-fields.js';
import { bodyOf, emptyForm, type FormState, formOf, SECRET_MASK } from './form-state.js';
import { HttpFields } from './http-fields.js';
import { JourneyFields } from './journey-fields.js';
import { liveStore } from './live-store.js';
import {
  DNS_RECORD_TYPES,
  FIELDS_BY_TYPE,
  type FieldName,
  KEEP_HINT,
  SERVICE_TYPES,
  URL_HELP,
} from './monitor-fields.js';
import { useMonitorBodyFields } from './monitor-schema.js';
import { MONITOR_TYPES } from './monitor-types.js';
import { ServiceFields } from './service-fields.js';
import { TestCheck } from './test-check.js';

/** Create (no id) or edit a monitor; only the fields of the chosen type are shown. */
export function MonitorFormPage({ id }: { id?: number }) {
  const existing = useApi<Monitor>(id ? `/api/monitors/${id}` : null);
  const channels = useApi<Channel[]>('/api/channels');
  const [f, setF] = useState<FormState>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [policy, setPolicy] = useState<number | null>(null);

  // Filled in during the render that receives the monitor, so the form never shows empty first.
  const [filledFrom, setFilledFrom] = useState<Monitor | null>(null);
  if (existing.data && existing.data !== filledFrom) {
    setFilledFrom(existing.data);
    setF(formOf(existing.data));
    setPolicy(existing.data.escalation_policy_id ?? null);
  }
  // A new monitor starts with the channels marked "default for new monitors" ticked.
  const [defaultsFrom, setDefaultsFrom] = useState<Channel[] | null>(null);
  if (!id && channels.data && defaultsFrom === null) {
    setDefaultsFrom(channels.data);
    setF((old) => ({
      ...old,
      channel_ids: channels.data!.filter((c) => c.default_for_new_monitors).map((c) => c.id),
    }));
  }

  const used = new Set<FieldName>(FIELDS_BY_TYPE[f.monitor_type]);
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((old) => ({ ...old, [k]: v }));
  const input = (k: keyof FormState) => ({
    value: f[k] as string,
    onChange: (e: { target: { value: string } }) => set(k, e.target.value as never),
  });
  // Linking channels appears once the monitors API accepts `channel_ids`.
  const accepted = useMonitorBodyFields();
  const withChannels = accepted.has('channel_ids');
  const withConditions = accepted.has('depends_on');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    const { body: base, errors: local } = bodyOf(f, withChannels);
    const body = withConditions ? { ...base, ...conditionBody(f) } : base;
    if (accepted.has('group_id')) Object.assign(body, membershipBody(f));
    if (accepted.has('location_ids')) Object.assign(body, locationBody(f));
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setBusy(true);
    try {
      const saved = await api<Monitor>(id ? `/api/monitors/${id}` : '/api/monitors', {
        method: id ? 'PUT' : 'POST',
        body: { ...body, escalation_policy_id: policy },
      });
      liveStore.upsert(saved);
      navigate(`/monitors/${saved.id}`);
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) {
        const msgs = err.fieldMessages();
        setErrors(msgs);
        const shown = new Set<string>([
          'name',
          'monitor_type',
          'check_interval_seconds',
          'channel_ids',
          ...(withConditions ? CONDITION_FIELDS : []),
          'escalation_policy_id',
          'group_id',
          'tags',
          'location_ids',
          'quorum',
          ...used,
          ...(used.has('credentials') ? ['auth'] : []),
        ]);
        const stray = Object.entries(msgs).filter(([k]) => !shown.has(k.split('.')[0]!));
        setError(
          stray.length ? stray.map(([k, v]) => `${k}: ${v}`).join('; ') : 'Please correct the marked fields.',
        );
      } else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  if (id && existing.error) return <Notice kind="error">{existing.error}</Notice>;
  if (id && !existing.data) return <p className="loading">Loading…</p>;
  const urlHelp = URL_HELP[f.monitor_type];
  const isHttp = f.monitor_type.startsWith('http_');

  return (
    <section>
      <PageHeader title={id ? `Edit ${existing.data?.name}` : 'New monitor'} />
      <form
        className="card monitor-form"
        onSubmit={submit}
        noValidate
        aria-label={id ? 'Edit monitor' : 'New monitor'}
      >
        {error && <Notice kind="error">{error}</Notice>}
        {id && <ManagedEditWarning configKey={existing.data?.config_key} what="monitor" />}
        <div className="grid2">
          <Field label="Name" error={errors.name}>
            <input {...input('name')} required maxLength={200} />
          </Field>
          <Field label="Type" error={errors.monitor_type}>
            <select
              value={f.monitor_type}
              onChange={(e) => set('monitor_type', e.target.value as MonitorType)}
            >
              {MONITOR_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {used.has('url') && (
          <Field
            label={urlHelp.label}
            {...(f.url.includes(SECRET_MASK) && { hint: KEEP_HINT })}
            error={errors.url}
          >
            <input {...input('url')} placeholder={urlHelp.placeholder} required />
          </Field>
        )}
        {f.monitor_type === 'heartbeat' && (
          <Notice kind="info">
            A heartbeat monitor has no target: your job calls its push URL, shown on the monitor’s page after
            saving.
          </Notice>
        )}
        <div className="grid3">
          <Field label="Check interval (seconds)" hint="1 to 86400" error={errors.check_interval_seconds}>
            <input {...input('check_interval_seconds')} inputMode="numeric" />
          </Field>
          {used.has('timeout_seconds') && (
            <Field
              label="Timeout (seconds)"
              hint="At most the interval; default min(10, interval)"
              error={errors.timeout_seconds}
            >
              <input {...input('timeout_seconds')} inputMode="numeric" placeholder="default" />
            </Field>
          )}
          {used.has('retry_count') && (
            <Field label="Retries before down" hint="0 to 10" error={errors.retry_count}>
              <input {...input('retry_count')} inputMode="numeric" />
            </Field>
          )}
          {used.has('retry_interval_seconds') && (
            <Field label="Retry interval (seconds)" error={errors.retry_interval_seconds}>
              <input {...input('retry_interval_seconds')} inputMode="numeric" placeholder="default" />
            </Field>
          )}
          {used.has('heartbeat_grace_seconds') && (
            <Field
              label="Grace period (seconds)"
              hint="Extra time after the interval before down"
              error={errors.heartbeat_grace_seconds}
            >
              <input {...input('heartbeat_grace_seconds')} inputMode="numeric" />
            </Field>
          )}
        </div>
        {isHttp && <HttpFields f={f} used={used} input={input} set={set} errors={errors} id={id} />}
        {used.has('steps') && (
          <JourneyFields f={f} used={used} input={input} set={set} errors={errors} id={id} />
        )}
        {f.monitor_type === 'dns' && (
          <fieldset>
            <legend>DNS</legend>
            <div className="grid3">
              <Field label="Record type" error={errors.dns_record_type}>
                <select {...input('dns_record_type')}>
                  {DNS_RECORD_TYPES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </Field>
              <Field label="Expected answer (optional)" error={errors.dns_expected}>
                <input {...input('dns_expected')} />
              </Field>
              <Field label="Resolver (optional)" hint="host[:port]" error={errors.dns_resolver}>
                <input {...input('dns_resolver')} />
              </Field>
            </div>
          </fieldset>
        )}
        {SERVICE_TYPES.has(f.monitor_type) && !used.has('steps') && (
          <ServiceFields
            f={f}
            used={used}
            input={input}
            set={set}
            errors={errors}
            editing={id !== undefined}
          />
        )}
        {used.has('tls_warn_days') && (
          <Field label="Warn days before expiry" error={errors.tls_warn_days}>
            <input {...input('tls_warn_days')} inputMode="numeric" />
          </Field>
        )}
        {used.has('ignore_tls_errors') && (
          <CheckField
            label="Ignore TLS certificate errors"
            checked={f.ignore_tls_errors}
            onChange={(v) => set('ignore_tls_errors', v)}
            error={errors.ignore_tls_errors}
          />
        )}
        <CheckField
          label="Public badges"
          hint="Anyone with the address can show this monitor’s status, uptime, response time and certificate badges (its name and target stay private). Monitors on a public status page have them anyway."
          checked={f.badge_enabled}
          onChange={(v) => set('badge_enabled', v)}
          error={errors.badge_enabled}
        />
        {withConditions && <ConditionFields f={f} set={set} errors={errors} monitorId={id} />}
        {withChannels && channels.data && channels.data.length > 0 && (
          <fieldset>
            <legend>Notify these channels</legend>
            {channels.data.map((c) => (
              <CheckField
                key={c.id}
                label={`${c.name} (${c.type})`}
                checked={f.channel_ids.includes(c.id)}
                onChange={(v) =>
                  set('channel_ids', v ? [...f.channel_ids, c.id] : f.channel_ids.filter((x) => x !== c.id))
                }
              />
            ))}
            {errors.channel_ids && <small className="error-text">{errors.channel_ids}</small>}
          </fieldset>
        )}
        <PolicyField value={policy} onChange={setPolicy} error={errors.escalation_policy_id} />
        {accepted.has('group_id') && <MembershipFields f={f} set={set} errors={errors} />}
        {accepted.has('location_ids') && <LocationFields f={f} set={set} errors={errors} />}
        {f.monitor_type !== 'heartbeat' && <TestCheck form={f} monitorId={id} onFieldErrors={setErrors} />}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            {id ? 'Save changes' : 'Create monitor'}
          </button>
          <Link to={id ? `/monitors/${id}` : '/'} className="button">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
