import { cloneElement, type ReactElement, useId } from 'react';

interface FieldProps {
  label: string;
  /** The API's message for this field (from a 422), shown under it and announced. */
  error?: string | undefined;
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled form control with its hint and validation message wired for assistive tech. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errId = error ? `${id}-err` : undefined;
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errId].filter(Boolean).join(' ') || undefined,
  });
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {control}
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={errId} className="error-text" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** A checkbox with its label to the right. */
export function CheckField(props: {
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
  error?: string | undefined;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="field field-check">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label htmlFor={id}>{props.label}</label>
      {props.hint && (
        <small id={`${id}-hint`} className="hint">
          {props.hint}
        </small>
      )}
      {props.error && (
        <small className="error-text" role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}
