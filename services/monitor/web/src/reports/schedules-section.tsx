import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { Channel, ReportScopeKind } from '../api/types.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';

interface Schedule {
  id: number;
  name: string;
  scope: ReportScopeKind;
  cadence: 'weekly' | 'monthly';
  timezone: string;
  recipients: string[];
  last_sent_period_start: string | null;
}

/** Reports mailed weekly or monthly through an e-mail channel: the list, a new one, delete. */
export function SchedulesSection(p: {
  scope: ReportScopeKind;
  scopeId: string;
  timezone: string;
  channels: Channel[];
}) {
  const list = useApi<Schedule[]>('/api/report-schedules');
  const [name, setName] = useState('');
  const [cadence, setCadence] = useState<'weekly' | 'monthly'>('monthly');
  const [channelId, setChannelId] = useState('');
  const [recipients, setRecipients] = useState('');
  const [error, setError] = useState<string | null>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await api('/api/report-schedules', {
        method: 'POST',
        body: {
          name,
          scope: p.scope,
          ...(p.scope !== 'all' && p.scopeId && { scope_id: Number(p.scopeId) }),
          cadence,
          timezone: p.timezone,
          channel_id: Number(channelId),
          recipients: recipients
            .split(',')
            .map((r) => r.trim())
            .filter(Boolean),
        },
      });
      setName('');
      list.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const remove = async (id: number) => {
    try {
      await api(`/api/report-schedules/${id}`, { method: 'DELETE' });
      list.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <div>
      <h2>Scheduled e-mail</h2>
      {error && <Notice kind="error">{error}</Notice>}
      <ul>
        {(list.data ?? []).map((s) => (
          <li key={s.id}>
            {s.name}: {s.cadence}, {s.scope}, {s.timezone}, to {s.recipients.join(', ')}
            {s.last_sent_period_start ? ` (last period sent: ${s.last_sent_period_start})` : ''}{' '}
            <button type="button" onClick={() => void remove(s.id)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form className="form-grid" onSubmit={(e) => void create(e)} aria-label="New schedule">
        <Field label="Name">
          <input value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <Field label="Every">
          <select value={cadence} onChange={(e) => setCadence(e.target.value as 'weekly' | 'monthly')}>
            <option value="monthly">month</option>
            <option value="weekly">week</option>
          </select>
        </Field>
        <Field label="E-mail channel">
          <select value={channelId} onChange={(e) => setChannelId(e.target.value)}>
            <option value="">Choose…</option>
            {p.channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Recipients" hint="E-mail addresses, separated by commas">
          <input value={recipients} onChange={(e) => setRecipients(e.target.value)} />
        </Field>
        <div className="actions">
          <button type="submit" className="primary">
            Schedule
          </button>
        </div>
      </form>
    </div>
  );
}
