import { Fragment, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Channel, MessageTemplate, TemplateEvent, TemplateVariable } from '../api/types.js';
import { Field } from '../components/field.js';
import { ManagedBadge, ManagedEditWarning } from '../components/managed-badge.js';
import { Notice } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';

const EVENTS: { value: TemplateEvent; label: string }[] = [
  { value: 'down', label: 'Down' },
  { value: 'up', label: 'Up (recovered)' },
  { value: 'degraded', label: 'Degraded' },
  { value: 'tls', label: 'Certificate expiring' },
  { value: 'escalation', label: 'Escalation' },
];

/**
 * A channel's message templates, one event at a time: mustache text checked by the server
 * (unknown variables are refused), a preview rendered against a sample incident, and a way back
 * to the built-in message.
 */
export function TemplateEditor({ channel, writable }: { channel: Channel; writable: boolean }) {
  const [event, setEvent] = useState<TemplateEvent>('down');
  const [version, setVersion] = useState(0);
  const loaded = useApi<MessageTemplate>(
    `/api/channels/${channel.id}/templates/${event}`,
    undefined,
    version,
  );
  const variables = useApi<TemplateVariable[]>('/api/channels/templates/variables');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [filledFrom, setFilledFrom] = useState<MessageTemplate | null>(null);
  if (loaded.data && loaded.data !== filledFrom) {
    setFilledFrom(loaded.data);
    setTitle(loaded.data.title);
    setBody(loaded.data.body);
  }
  const [preview, setPreview] = useState<{ title: string; body: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);

  const call = async (run: () => Promise<void>) => {
    setErrors({});
    setNotice(null);
    try {
      await run();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setErrors(err.fieldMessages());
      else setNotice({ kind: 'error', text: messageOf(err) });
    }
  };
  const doPreview = () =>
    call(async () => {
      setPreview(
        await api<{ title: string; body: string }>('/api/channels/templates/preview', {
          method: 'POST',
          body: { event, title, body, html: channel.type === 'email' },
        }),
      );
    });
  const save = () =>
    call(async () => {
      await api(`/api/channels/${channel.id}/templates/${event}`, { method: 'PUT', body: { title, body } });
      setNotice({ kind: 'info', text: 'Template saved.' });
      setVersion((v) => v + 1);
    });
  const reset = () =>
    call(async () => {
      await api(`/api/channels/${channel.id}/templates/${event}`, { method: 'DELETE' });
      setNotice({ kind: 'info', text: 'Back to the built-in message.' });
      setPreview(null);
      setVersion((v) => v + 1);
    });

  return (
    <section className="card stack" aria-label="Message templates">
      <h2>Message templates of {channel.name}</h2>
      <p className="muted small">
        Mustache text: <code>{'{{monitor.name}}'}</code> inserts a value,{' '}
        <code>{'{{#reason}}…{{/reason}}'}</code> shows a part only when the value is set.
        {channel.type === 'email' ? ' E-mail bodies escape values for HTML.' : ''}
      </p>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <div className="grid2">
        <Field label="Event">
          <select
            value={event}
            onChange={(e) => {
              setEvent(e.target.value as TemplateEvent);
              setPreview(null);
              setErrors({});
            }}
          >
            {EVENTS.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </select>
        </Field>
        <p className="muted" data-field="template-kind">
          {loaded.data?.custom ? 'Custom template' : 'Built-in message'}
          <ManagedBadge configKey={loaded.data?.config_key} />
        </p>
      </div>
      <ManagedEditWarning configKey={loaded.data?.config_key} what="template" />
      <Field label="Title" error={errors.title}>
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={500}
          readOnly={!writable}
        />
      </Field>
      <Field label="Body" error={errors.body}>
        <textarea value={body} onChange={(e) => setBody(e.target.value)} rows={5} readOnly={!writable} />
      </Field>
      <div className="form-actions">
        <button type="button" onClick={() => void doPreview()}>
          Preview
        </button>
        {writable && (
          <button type="button" className="primary" onClick={() => void save()}>
            Save template
          </button>
        )}
        {writable && loaded.data?.custom && (
          <button type="button" onClick={() => void reset()}>
            Reset to built-in
          </button>
        )}
      </div>
      {preview && (
        <section className="preview" aria-label="Preview">
          <strong data-field="preview-title">{preview.title}</strong>
          <pre className="words pre-line" data-field="preview-body">
            {preview.body}
          </pre>
        </section>
      )}
      {variables.data && (
        <details>
          <summary>Variables</summary>
          <dl className="facts small">
            {variables.data.map((v) => (
              <Fragment key={v.name}>
                <dt>
                  <code>{v.name}</code>
                </dt>
                <dd>{v.description}</dd>
              </Fragment>
            ))}
          </dl>
        </details>
      )}
    </section>
  );
}
