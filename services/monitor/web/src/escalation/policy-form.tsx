import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Channel, EscalationPolicy, Schedule, User } from '../api/types.js';
import { CheckField, Field } from '../components/field.js';
import { ManagedEditWarning } from '../components/managed-badge.js';
import { Notice } from '../components/notice.js';

interface StepDraft {
  after_minutes: string;
  channel_ids: number[];
  // People paged through their verified contact methods, and schedules whose on-call person is.
  user_ids: number[];
  schedule_ids: number[];
}

/** Ticks or unticks `id` in a list of ids. */
const toggled = (ids: number[], id: number, on: boolean) => (on ? [...ids, id] : ids.filter((x) => x !== id));

type RepeatChoice = 'once' | 'times' | 'forever';

const repeatChoice = (r: EscalationPolicy['repeat'] | undefined): RepeatChoice =>
  r === true ? 'forever' : typeof r === 'number' && r > 0 ? 'times' : 'once';

/**
 * Create or edit an escalation policy: ordered steps, each a delay and whom it tells then —
 * channels, users, and the person on call in schedules (docs/on-call.md).
 */
export function PolicyForm({
  policy,
  channels,
  users,
  schedules,
  onSaved,
  onCancel,
}: {
  policy: EscalationPolicy | null;
  channels: Channel[];
  /** Null when the caller may not list users (not a superadmin): the step's users stay as they are. */
  users: User[] | null;
  schedules: Schedule[];
  onSaved(): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(policy?.name ?? '');
  const [steps, setSteps] = useState<StepDraft[]>(
    policy?.steps.map((s) => ({
      after_minutes: String(s.after_minutes),
      channel_ids: s.channel_ids,
      user_ids: s.user_ids ?? [],
      schedule_ids: s.schedule_ids ?? [],
    })) ?? [{ after_minutes: '5', channel_ids: [], user_ids: [], schedule_ids: [] }],
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
      steps: steps.map((s) => ({
        after_minutes: Number(s.after_minutes),
        channel_ids: s.channel_ids,
        user_ids: s.user_ids,
        schedule_ids: s.schedule_ids,
      })),
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
      <ManagedEditWarning configKey={policy?.config_key} what="escalation policy" />
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Policy name" error={errors.name}>
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
      </Field>
      <p className="muted small">
        While an incident stays unacknowledged, each step tells its channels (event “escalated”) and pages its
        users and whoever is on call in its schedules, that many minutes after the incident opened.
        Acknowledging stops the escalation.
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
          <fieldset>
            <legend>Channels</legend>
            {channels.map((c) => (
              <CheckField
                key={c.id}
                label={`${c.name} (${c.type})`}
                checked={s.channel_ids.includes(c.id)}
                onChange={(v) => setStep(i, { channel_ids: toggled(s.channel_ids, c.id, v) })}
              />
            ))}
            {channels.length === 0 && <p className="muted small">No channels.</p>}
          </fieldset>
          <fieldset>
            <legend>On call in schedules</legend>
            {schedules.map((sc) => (
              <CheckField
                key={sc.id}
                label={`On call in ${sc.name}`}
                checked={s.schedule_ids.includes(sc.id)}
                onChange={(v) => setStep(i, { schedule_ids: toggled(s.schedule_ids, sc.id, v) })}
              />
            ))}
            {schedules.length === 0 && <p className="muted small">No schedules.</p>}
            {errors[`steps.${i}.schedule_ids`] && (
              <small className="error-text">{errors[`steps.${i}.schedule_ids`]}</small>
            )}
          </fieldset>
          <fieldset>
            <legend>Users</legend>
            {(users ?? s.user_ids.map((id) => ({ id, username: `user #${id}` }))).map((u) => (
              <CheckField
                key={u.id}
                label={u.username}
                checked={s.user_ids.includes(u.id)}
                disabled={users === null}
                onChange={(v) => setStep(i, { user_ids: toggled(s.user_ids, u.id, v) })}
              />
            ))}
            {users === null && <p className="muted small">Only a superadmin can list users to pick from.</p>}
            {errors[`steps.${i}.user_ids`] && (
              <small className="error-text">{errors[`steps.${i}.user_ids`]}</small>
            )}
          </fieldset>
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
              {
                after_minutes: String(Number(old.at(-1)?.after_minutes ?? 0) + 10),
                channel_ids: [],
                user_ids: [],
                schedule_ids: [],
              },
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
