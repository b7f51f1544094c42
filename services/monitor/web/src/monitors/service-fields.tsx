import { CHECK_TYPES } from '../../../src/shared-types/check-types.js';
import { CheckField, Field } from '../components/field.js';
import type { FormState } from './form-state.js';
import { type FieldName, KEEP_HINT } from './monitor-fields.js';

type Input = (k: keyof FormState) => { value: string; onChange(e: { target: { value: string } }): void };

/** The fields of the service check types (databases, cache, mail, WebSocket, gRPC, brokers). */
export function ServiceFields(props: {
  f: FormState;
  used: Set<FieldName>;
  input: Input;
  set: <K extends keyof FormState>(k: K, v: FormState[K]) => void;
  errors: Record<string, string>;
  editing: boolean;
}) {
  const { f, used, input, set, errors, editing } = props;
  const type = f.monitor_type;
  // What `query`, `expected_value` and `topic` mean for this type (check-types.ts).
  const { query, expected, topic } = CHECK_TYPES[type];
  return (
    <fieldset>
      <legend>Check</legend>
      {used.has('credentials') && (
        <div className="grid2">
          <Field label="Username" hint="Optional; or in the URL" error={errors['auth.username']}>
            <input {...input('auth_username')} autoComplete="off" />
          </Field>
          <Field
            label="Password"
            hint={editing ? `Optional. ${KEEP_HINT}` : 'Optional; or in the URL'}
            error={errors['auth.password'] ?? errors.auth}
          >
            <input {...input('auth_password')} type="password" autoComplete="new-password" />
          </Field>
        </div>
      )}
      {used.has('query') && query && (
        <Field label={query.label} hint={query.hint} error={errors.query}>
          <input {...input('query')} {...(query.placeholder && { placeholder: query.placeholder })} />
        </Field>
      )}
      {used.has('message') && (
        <Field label="Message to send" hint="Optional: a text message sent once open" error={errors.message}>
          <input {...input('message')} />
        </Field>
      )}
      {used.has('expected_value') && expected && (
        <Field label={expected.label} hint={expected.hint} error={errors.expected_value}>
          <input {...input('expected_value')} />
        </Field>
      )}
      {used.has('expected_close_code') && (
        <Field
          label="Expected close code"
          hint="Optional, e.g. 1000: the server must close with it"
          error={errors.expected_close_code}
        >
          <input {...input('expected_close_code')} inputMode="numeric" />
        </Field>
      )}
      {used.has('topic') && topic && (
        <Field label={topic.label} hint={topic.hint} error={errors.topic}>
          <input {...input('topic')} />
        </Field>
      )}
      {used.has('service_name') && (
        <Field label="Service name" hint="Empty: the whole server" error={errors.service_name}>
          <input {...input('service_name')} placeholder="e.g. my.package.Service" />
        </Field>
      )}
      {used.has('starttls') && (
        <CheckField
          label="Use STARTTLS"
          hint="After EHLO, and record the certificate’s days left (smtps:// always does)"
          checked={f.starttls}
          onChange={(v) => set('starttls', v)}
          error={errors.starttls}
        />
      )}
    </fieldset>
  );
}
