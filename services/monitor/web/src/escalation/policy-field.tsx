import type { EscalationPolicy } from '../api/types.js';
import { Field } from '../components/field.js';
import { useApi } from '../lib/use-api.js';

/** The monitor form's escalation policy picker; "none" lets the monitor's group decide. */
export function PolicyField({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange(v: number | null): void;
  error?: string | undefined;
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
        <option value="">None (the group’s policy, if any)</option>
        {policies.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
