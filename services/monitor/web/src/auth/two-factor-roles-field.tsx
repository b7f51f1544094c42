import { useId } from 'react';
import type { Role } from '../api/types.js';

const ROLES: Role[] = ['superadmin', 'admin', 'viewer'];

/** The roles that must use two-factor sign-in (a settings field): one checkbox per role. */
export function TwoFactorRolesField(props: {
  value: Role[];
  onChange(v: Role[]): void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="field" aria-describedby={`${id}-hint`}>
      <legend>Require two-factor sign-in for</legend>
      {ROLES.map((r) => (
        <label key={r} className="inline-check">
          <input
            type="checkbox"
            checked={props.value.includes(r)}
            onChange={(e) =>
              props.onChange(e.target.checked ? [...props.value, r] : props.value.filter((x) => x !== r))
            }
          />{' '}
          {r}
        </label>
      ))}
      <small id={`${id}-hint`} className="hint">
        Users of these roles without it can only set it up after signing in. API keys are not affected.
      </small>
      {props.error && (
        <small className="error-text" role="alert">
          {props.error}
        </small>
      )}
    </fieldset>
  );
}
