import type { EscalationPolicy } from '../api/types.js';
import { Field } from '../components/field.js';
import { useApi } from '../lib/use-api.js';

/** The escalation policy picker of the monitor and group forms; "none" lets the enclosing group decide. */
export function PolicyField({
  value,
  onChange,
  error,
  noneLabel = 'None (the group’s policy, if any)',
}: {
  value: number | null;
  onChange(v: number | null): void;
  error?: string | undefined;
  /** What choosing no policy means where the field is used. */
  noneLabel?: string;
}) {
  const policies = useApi<EscalationPolicy[]>('/api/escalation-policies');
  if (!policies.data) return null;
  return (
    <Field
      label="Escalation policy"
      hint="Who is told, and when, while an incident stays unacknowledged"
      error={error}
    >
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        <option value="">{noneLabel}</option>
        {policies.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
