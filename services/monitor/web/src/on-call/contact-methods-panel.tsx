import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { ContactMethod, VerificationSent } from '../api/types.js';
import { CHANNEL_TYPES, configOf } from '../channels/channel-types.js';
import { ConfigFields } from '../channels/config-fields.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';
import { ContactMethodRow } from './contact-method-row.js';
import { QuietHoursForm } from './quiet-hours-form.js';

/** Adds a contact method; the service sends it a code at once and says whether that went out. */
function NewMethodForm({ onAdded }: { onAdded(sent: VerificationSent): void }) {
  const [label, setLabel] = useState('');
  const [type, setType] = useState('email');
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    try {
      const made = await api<ContactMethod & { verification: VerificationSent }>('/api/contact-methods', {
        method: 'POST',
        body: { label, type, config: configOf(type, values) },
      });
      setLabel('');
      setValues({});
      onAdded(made.verification);
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) {
        setErrors(err.fieldMessages());
        setError('Please correct the marked fields.');
      } else setError(messageOf(err));
    }
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate aria-label="New contact method">
      <h3>Add a contact method</h3>
      {error && <Notice kind="error">{error}</Notice>}
      <div className="grid2">
        <Field label="Label" hint="Up to 60 characters, no “/”" error={errors.label}>
          <input value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} />
        </Field>
        <Field label="Method type" error={errors.type}>
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setValues({});
            }}
          >
            {Object.entries(CHANNEL_TYPES).map(([k, v]) => (
              <option key={k} value={k}>
                {v.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ConfigFields type={type} values={values} onChange={setValues} errors={errors} keepSecrets={false} />
      {errors.config && <Notice kind="error">{errors.config}</Notice>}
      <div className="form-actions">
        <button type="submit" className="primary">
          Add and send code
        </button>
      </div>
    </form>
  );
}

/**
 * "My contact methods": the caller's own ways to be paged (docs/on-call.md). A method is paged only
 * once verified with the six-digit code sent through it.
 */
export function ContactMethodsPanel() {
  const list = useApi<ContactMethod[]>('/api/contact-methods');
  const [sent, setSent] = useState<VerificationSent | null>(null);
  return (
    <section aria-label="My contact methods" className="stack">
      <h2>My contact methods</h2>
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {sent && (
        <Notice kind={sent.sent ? 'ok' : 'error'}>
          {sent.sent
            ? 'A verification code was sent through the new method: enter it below.'
            : `The verification code could not be sent: ${sent.error ?? 'unknown error'}. Fix the method or resend.`}
        </Notice>
      )}
      <ul className="plain stack">
        {list.data?.map((m) => (
          <ContactMethodRow key={m.id} method={m} onChanged={list.reload} />
        ))}
        {list.data?.length === 0 && <li className="muted">No contact methods yet: nobody can page you.</li>}
      </ul>
      <NewMethodForm
        onAdded={(v) => {
          setSent(v);
          list.reload();
        }}
      />
      <QuietHoursForm />
    </section>
  );
}
