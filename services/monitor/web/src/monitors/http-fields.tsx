import { Field } from '../components/field.js';
import { type FormState, headersError } from './form-state.js';
import { type FieldName, KEEP_HINT } from './monitor-fields.js';

type Input = (k: keyof FormState) => { value: string; onChange(e: { target: { value: string } }): void };

/** The HTTP monitor fields: status codes, redirects, headers, body, credentials and body assertions. */
export function HttpFields(props: {
  f: FormState;
  used: Set<FieldName>;
  input: Input;
  set: <K extends keyof FormState>(k: K, v: FormState[K]) => void;
  errors: Record<string, string>;
  id: number | undefined;
}) {
  const { f, used, input, set, errors, id } = props;
  return (
    <fieldset>
      <legend>HTTP</legend>
      <div className="grid2">
        <Field
          label="Expected status codes"
          hint="e.g. 2xx, 200-299, 200,301, !503"
          error={errors.expected_status_codes}
        >
          <input {...input('expected_status_codes')} />
        </Field>
        <Field label="Maximum redirects" error={errors.max_redirects}>
          <input {...input('max_redirects')} inputMode="numeric" />
        </Field>
      </div>
      <Field
        label="Request headers"
        hint={`One per line: Name: value${id ? `. ${KEEP_HINT}` : ''}`}
        error={headersError(errors)}
      >
        <textarea {...input('headers')} rows={3} />
      </Field>
      {used.has('body') && (
        <Field label="Request body" error={errors.body}>
          <textarea {...input('body')} rows={4} />
        </Field>
      )}
      <div className="grid3">
        <Field label="Authentication" error={errors.auth}>
          <select
            value={f.auth_type}
            onChange={(e) => set('auth_type', e.target.value as FormState['auth_type'])}
          >
            <option value="">None</option>
            <option value="basic">Basic</option>
            <option value="bearer">Bearer token</option>
          </select>
        </Field>
        {f.auth_type === 'basic' && (
          <>
            <Field label="Auth username" error={errors['auth.username']}>
              <input {...input('auth_username')} autoComplete="off" />
            </Field>
            <Field label="Auth password" {...(id && { hint: KEEP_HINT })} error={errors['auth.password']}>
              <input {...input('auth_password')} type="password" autoComplete="new-password" />
            </Field>
          </>
        )}
        {f.auth_type === 'bearer' && (
          <Field label="Bearer token" {...(id && { hint: KEEP_HINT })} error={errors['auth.token']}>
            <input {...input('auth_token')} type="password" autoComplete="off" />
          </Field>
        )}
      </div>
      {used.has('keyword') && (
        <div className="grid3">
          <Field label="Body must contain" error={errors.keyword}>
            <input {...input('keyword')} />
          </Field>
          <Field label="JSON path" hint="e.g. $.status" error={errors.json_path}>
            <input {...input('json_path')} />
          </Field>
          <Field label="JSON value expected" error={errors.json_expected}>
            <input {...input('json_expected')} />
          </Field>
        </div>
      )}
    </fieldset>
  );
}
