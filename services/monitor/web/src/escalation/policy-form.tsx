import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Channel, EscalationPolicy } from '../api/types.js';
import { CheckField, Field } from '../components/field.js';
import { Notice } from '../components/notice.js';

interface StepDraft {
  after_minutes: string;
  channel_ids: number[];
}

type RepeatChoice = 'once' | 'times' | 'forever';

const repeatChoice = (r: EscalationPolicy['repeat'] | undefined): RepeatChoice =>
  r === true ? 'forever' : typeof r === 'number' && r > 0 ? 'times' : 'once';

/** Create or edit an escalation policy: ordered steps, each a delay and the channels told then. */
export function PolicyForm({
  policy,
  channels,
  onSaved,
  onCancel,
}: {
  policy: EscalationPolicy | null;
  channels: Channel[];
  onSaved(): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(policy?.name ?? '');
  const [steps, setSteps] = useState<StepDraft[]>(
    policy?.steps.map((s) => ({ after_minutes: String(s.after_minutes), channel_ids: s.channel_ids })) ?? [
      { after_minutes: '5', channel_ids: [] },
    ],
  );
  const [repeat, setRepeat] = useState<RepeatChoice>(repeatChoice(policy?.repeat));
  const [times, setTimes] = useState(typeof policy?.repeat === 'number' ? String(policy.repeat) : '1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const setStep = (i: number, patch: Partial<StepDraft>) =>
    setSteps((old) => old.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    const body = {
      name,
      steps: steps.map((s) => ({ after_minutes: Number(s.after_minutes), channel_ids: s.channel_ids })),
      repeat: repeat === 'forever' ? true : repeat === 'times' ? Number(times) : false,
    };
    try {
      await api(policy ? `/api/escalation-policies/${policy.id}` : '/api/escalation-policies', {
        method: policy ? 'PUT' : 'POST',
        body,
      });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) {
        setErrors(err.fieldMessages());
        setError('Please correct the marked fields.');
      } else setError(messageOf(err));
    }
  };

  return (
    <form
      className="card stack"
      onSubmit={submit}
      noValidate
      aria-label={policy ? `Edit ${policy.name}` : 'New policy'}
    >
      <h2>{policy ? `Edit ${policy.name}` : 'New escalation policy'}</h2>
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Policy name" error={errors.name}>
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
      </Field>
      <p className="muted small">
        While an incident stays unacknowledged, each step tells its channels (event “escalated”) that many
        minutes after the incident opened. Acknowledging stops the escalation.
      </p>
      {steps.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity but their position
        <fieldset key={i} aria-label={`Step ${i + 1}`}>
          <legend>Step {i + 1}</legend>
          <Field
            label="After (minutes)"
            hint="Counted from the incident’s start; fractions allowed"
            error={errors[`steps.${i}.after_minutes`]}
          >
            <input
              value={s.after_minutes}
              inputMode="decimal"
              onChange={(e) => setStep(i, { after_minutes: e.target.value })}
            />
          </Field>
          {channels.map((c) => (
            <CheckField
              key={c.id}
              label={`${c.name} (${c.type})`}
              checked={s.channel_ids.includes(c.id)}
              onChange={(v) =>
                setStep(i, {
                  channel_ids: v ? [...s.channel_ids, c.id] : s.channel_ids.filter((x) => x !== c.id),
                })
              }
            />
          ))}
          {errors[`steps.${i}.channel_ids`] && (
            <small className="error-text">{errors[`steps.${i}.channel_ids`]}</small>
          )}
          {steps.length > 1 && (
            <button type="button" onClick={() => setSteps((old) => old.filter((_, j) => j !== i))}>
              Remove step {i + 1}
            </button>
          )}
        </fieldset>
      ))}
      {errors.steps && <small className="error-text">{errors.steps}</small>}
      <div>
        <button
          type="button"
          onClick={() =>
            setSteps((old) => [
              ...old,
              { after_minutes: String(Number(old.at(-1)?.after_minutes ?? 0) + 10), channel_ids: [] },
            ])
          }
        >
          Add step
        </button>
      </div>
      <div className="grid2">
        <Field label="Repeat" error={errors.repeat}>
          <select value={repeat} onChange={(e) => setRepeat(e.target.value as RepeatChoice)}>
            <option value="once">Run the steps once</option>
            <option value="times">Repeat a number of times</option>
            <option value="forever">Repeat until acknowledged</option>
          </select>
        </Field>
        {repeat === 'times' && (
          <Field label="Extra rounds" hint="1 to 100">
            <input value={times} inputMode="numeric" onChange={(e) => setTimes(e.target.value)} />
          </Field>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" className="primary">
          {policy ? 'Save policy' : 'Create policy'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
