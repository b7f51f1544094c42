import type { Monitor, MonitorConfig } from '../api/types.js';
import { CheckField, Field } from '../components/field.js';
import { useApi } from '../lib/use-api.js';
import type { FormState } from './form-state.js';

/** The form fields of issue 14's conditions and dependencies (sent only to a service that has them). */
export const CONDITION_FIELDS = [
  'depends_on',
  'degraded_response_ms',
  'recovery_count',
  'invert',
  'sla_target_percent',
] as const;

/** The request body part for these fields; numbers that do not parse go as typed (the API's 422 names them). */
export function conditionBody(f: FormState): Partial<MonitorConfig> {
  const num = (v: string) => (v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v) : v);
  return {
    depends_on: f.depends_on,
    degraded_response_ms: num(f.degraded_response_ms) as number | null,
    recovery_count: (num(f.recovery_count) ?? 1) as number,
    invert: f.invert,
    // Sent on every save: a PUT replaces the monitor, and leaving it out would clear the target.
    sla_target_percent: (f.sla_target_percent.trim() === ''
      ? null
      : Number.isNaN(Number(f.sla_target_percent))
        ? f.sla_target_percent
        : Number(f.sla_target_percent)) as number | null,
  };
}

interface Props {
  f: FormState;
  set: <K extends keyof FormState>(k: K, v: FormState[K]) => void;
  errors: Record<string, string>;
  /** The monitor being edited: it cannot depend on itself. */
  monitorId: number | undefined;
}

/** Degraded threshold, recovery count, upside-down mode and the monitors this one depends on. */
export function ConditionFields({ f, set, errors, monitorId }: Props) {
  const monitors = useApi<Monitor[]>('/api/monitors');
  const candidates = (monitors.data ?? [])
    .filter((m) => m.id !== monitorId)
    .sort((a, b) => a.name.localeCompare(b.name));
  const dependsError =
    errors.depends_on ?? Object.entries(errors).find(([k]) => k.startsWith('depends_on.'))?.[1];
  return (
    <fieldset className="condition-fields">
      <legend>Conditions and dependencies</legend>
      <div className="grid2">
        <Field
          label="Degraded above (ms)"
          hint="A successful check slower than this makes the monitor degraded (empty: never)"
          error={errors.degraded_response_ms}
        >
          <input
            value={f.degraded_response_ms}
            inputMode="numeric"
            onChange={(e) => set('degraded_response_ms', e.target.value)}
          />
        </Field>
        <Field
          label="Successes to recover"
          hint="Checks in a row that must pass before a down monitor is up again"
          error={errors.recovery_count}
        >
          <input
            value={f.recovery_count}
            inputMode="numeric"
            onChange={(e) => set('recovery_count', e.target.value)}
          />
        </Field>
        <Field
          label="SLA target (%)"
          hint="Uptime reports judge this monitor against it (empty: the instance's default)"
          error={errors.sla_target_percent}
        >
          <input
            value={f.sla_target_percent}
            inputMode="decimal"
            onChange={(e) => set('sla_target_percent', e.target.value)}
          />
        </Field>
      </div>
      <CheckField
        label="Upside-down mode"
        hint="A failing check is healthy and a passing one is down (e.g. a port that must stay closed)"
        checked={f.invert}
        onChange={(v) => set('invert', v)}
        error={errors.invert}
      />
      <Field
        label="Depends on"
        hint="While one of these is down, this monitor shows down (dependency) and sends no alert of its own"
        error={dependsError}
      >
        <select
          multiple
          size={Math.min(6, Math.max(2, candidates.length))}
          value={f.depends_on.map(String)}
          onChange={(e) =>
            set(
              'depends_on',
              [...e.target.selectedOptions].map((o) => Number(o.value)),
            )
          }
        >
          {candidates.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </Field>
    </fieldset>
  );
}
