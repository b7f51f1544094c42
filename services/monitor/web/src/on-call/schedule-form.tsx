import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Schedule, ScheduleLayer, User } from '../api/types.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';
import { MemberPicker } from './member-picker.js';

interface LayerDraft {
  name: string;
  members: number[];
  rotation_length: string;
  rotation_unit: ScheduleLayer['rotation_unit'];
  start: string;
  end: string;
}

const ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** Today at 09:00 as the wall-clock `YYYY-MM-DDTHH:MM` a datetime-local input shows. */
const todayAtNine = () => `${new Date().toLocaleDateString('sv-SE')}T09:00`;

const draftOf = (l: ScheduleLayer): LayerDraft => ({
  name: l.name,
  members: l.members,
  rotation_length: String(l.rotation_length),
  rotation_unit: l.rotation_unit,
  start: l.start,
  end: l.end ?? '',
});

/** The first message among the API's field errors that starts with `prefix` (a layer's members). */
const firstUnder = (errors: Record<string, string>, prefix: string) =>
  Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];

/** Create or edit an on-call schedule: name, IANA zone, layers of rotations (docs/on-call.md). */
export function ScheduleForm({
  schedule,
  users,
  onSaved,
  onCancel,
}: {
  schedule: Schedule | null;
  users: User[] | null;
  onSaved(): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(schedule?.name ?? '');
  const [zone, setZone] = useState(schedule?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [layers, setLayers] = useState<LayerDraft[]>(
    schedule?.layers.map(draftOf) ?? [
      {
        name: 'Primary',
        members: [],
        rotation_length: '1',
        rotation_unit: 'weeks',
        start: todayAtNine(),
        end: '',
      },
    ],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const setLayer = (i: number, patch: Partial<LayerDraft>) =>
    setLayers((old) => old.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    const body = {
      name,
      time_zone: zone,
      layers: layers.map((l) => ({
        name: l.name,
        members: l.members,
        rotation_length: Number(l.rotation_length),
        rotation_unit: l.rotation_unit,
        start: l.start,
        ...(l.end && { end: l.end }),
      })),
    };
    try {
      await api(schedule ? `/api/schedules/${schedule.id}` : '/api/schedules', {
        method: schedule ? 'PUT' : 'POST',
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

  const title = schedule ? `Edit ${schedule.name}` : 'New schedule';
  return (
    <form className="card stack" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      {error && <Notice kind="error">{error}</Notice>}
      <div className="grid2">
        <Field label="Schedule name" error={errors.name}>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
        </Field>
        <Field label="Time zone" hint="IANA zone of the hand-off times" error={errors.time_zone}>
          <input value={zone} list="oncall-zones" onChange={(e) => setZone(e.target.value)} />
        </Field>
        <datalist id="oncall-zones">
          {ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </div>
      <p className="muted small">
        Layers are listed lowest first: a later layer wins wherever it has someone.
      </p>
      {layers.map((l, i) => {
        const at = `layers.${i}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a layer is its position
          <fieldset key={i} aria-label={`Layer ${i + 1}`}>
            <legend>Layer {i + 1}</legend>
            <div className="grid2">
              <Field label="Layer name" error={errors[`${at}.name`]}>
                <input value={l.name} onChange={(e) => setLayer(i, { name: e.target.value })} />
              </Field>
              <Field label="Turn length" error={errors[`${at}.rotation_length`]}>
                <input
                  inputMode="numeric"
                  value={l.rotation_length}
                  onChange={(e) => setLayer(i, { rotation_length: e.target.value })}
                />
              </Field>
              <Field label="Unit" error={errors[`${at}.rotation_unit`]}>
                <select
                  value={l.rotation_unit}
                  onChange={(e) =>
                    setLayer(i, { rotation_unit: e.target.value as LayerDraft['rotation_unit'] })
                  }
                >
                  <option value="hours">hours</option>
                  <option value="days">days</option>
                  <option value="weeks">weeks</option>
                </select>
              </Field>
              <Field
                label="First hand-off"
                hint="Local time in the schedule’s zone; its time of day is the hand-off time"
                error={errors[`${at}.start`]}
              >
                <input
                  type="datetime-local"
                  value={l.start}
                  onChange={(e) => setLayer(i, { start: e.target.value })}
                />
              </Field>
              <Field label="Ends (optional)" error={errors[`${at}.end`]}>
                <input
                  type="datetime-local"
                  value={l.end}
                  onChange={(e) => setLayer(i, { end: e.target.value })}
                />
              </Field>
            </div>
            <MemberPicker
              label={`Layer ${i + 1} members`}
              members={l.members}
              users={users}
              onChange={(members) => setLayer(i, { members })}
              error={firstUnder(errors, `${at}.members`)}
            />
            {layers.length > 1 && (
              <button type="button" onClick={() => setLayers((old) => old.filter((_, j) => j !== i))}>
                Remove layer {i + 1}
              </button>
            )}
          </fieldset>
        );
      })}
      {errors.layers && <small className="error-text">{errors.layers}</small>}
      <div>
        <button
          type="button"
          onClick={() =>
            setLayers((old) => [
              ...old,
              {
                name: `Layer ${old.length + 1}`,
                members: [],
                rotation_length: '1',
                rotation_unit: 'days',
                start: todayAtNine(),
                end: '',
              },
            ])
          }
        >
          Add layer
        </button>
      </div>
      <div className="form-actions">
        <button type="submit" className="primary">
          {schedule ? 'Save schedule' : 'Create schedule'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
