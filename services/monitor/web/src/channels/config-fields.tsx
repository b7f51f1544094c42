import { CheckField, Field } from '../components/field.js';
import { CHANNEL_TYPES } from './channel-types.js';

type Values = Record<string, string | boolean>;

/**
 * The config inputs of one channel type, shared by the channel form and the personal contact
 * methods (a contact method is a channel owned by its user, with the same types and rules).
 */
export function ConfigFields({
  type,
  values,
  onChange,
  errors,
  keepSecrets,
}: {
  type: string;
  values: Values;
  onChange(v: Values): void;
  errors: Record<string, string>;
  /** Editing a stored config: secrets read back as ******** and are kept unless retyped. */
  keepSecrets: boolean;
}) {
  const spec = CHANNEL_TYPES[type];
  return (
    <div className="grid2">
      {spec?.fields.map((f) =>
        f.kind === 'bool' ? (
          <CheckField
            key={f.key}
            label={f.label}
            checked={values[f.key] === true}
            onChange={(v) => onChange({ ...values, [f.key]: v })}
            error={errors[`config.${f.key}`]}
          />
        ) : (
          <Field
            key={f.key}
            label={f.required ? f.label : `${f.label} (optional)`}
            hint={
              f.kind === 'secret' && keepSecrets
                ? `${f.hint ?? ''} Leave ******** to keep the stored value.`.trim()
                : f.hint
            }
            error={errors[`config.${f.key}`]}
          >
            {f.kind === 'select' ? (
              <select
                value={String(values[f.key] ?? '')}
                onChange={(e) => onChange({ ...values, [f.key]: e.target.value })}
              >
                {f.options?.map((o) => (
                  <option key={o} value={o}>
                    {o || 'default'}
                  </option>
                ))}
              </select>
            ) : (
              <input
                type={f.kind === 'secret' ? 'password' : 'text'}
                inputMode={f.kind === 'number' ? 'numeric' : undefined}
                autoComplete="off"
                value={String(values[f.key] ?? '')}
                onChange={(e) => onChange({ ...values, [f.key]: e.target.value })}
              />
            )}
          </Field>
        ),
      )}
    </div>
  );
}
