import { CheckField, Field } from '../components/field.js';
import type { FormState } from '../monitors/form-state.js';
import { locationLabel } from './location-format.js';
import { useLocations } from './location-store.js';
import { LOCAL_LOCATION_ID } from './location-types.js';

/**
 * Where the monitor is checked from (a checkbox per location, `local` ticked for a new monitor) and
 * its quorum. Left out while this instance has no other location and the monitor uses `local` alone.
 */
export function LocationFields(props: {
  f: FormState;
  set: <K extends keyof FormState>(k: K, v: FormState[K]) => void;
  errors: Record<string, string>;
}) {
  const { f, set, errors } = props;
  const snap = useLocations();
  const onlyLocal = f.location_ids.length === 1 && f.location_ids[0] === LOCAL_LOCATION_ID;
  if (snap.list.length < 2 && onlyLocal) return null;
  const heartbeat = f.monitor_type === 'heartbeat';
  // Ids the monitor has but the list does not (not loaded yet, or just deleted) stay visible.
  const options = [
    ...snap.list.map((l) => ({ id: l.id, label: locationLabel(l), offline: l.status === 'offline' })),
    ...f.location_ids.filter((id) => !snap.byId.has(id)).map((id) => ({ id, label: id, offline: false })),
  ].filter((o) => !heartbeat || o.id === LOCAL_LOCATION_ID);
  const listError = Object.entries(errors)
    .filter(([k]) => k === 'location_ids' || k.startsWith('location_ids.'))
    .map(([, v]) => v)
    .join('; ');
  const toggle = (id: string, on: boolean) =>
    set(
      'location_ids',
      on ? [...f.location_ids.filter((x) => x !== id), id] : f.location_ids.filter((x) => x !== id),
    );
  const n = heartbeat ? 1 : f.location_ids.length;
  return (
    <fieldset className="location-fields" aria-describedby={listError ? 'location-ids-error' : undefined}>
      <legend>Locations</legend>
      {heartbeat && (
        <p className="muted small">
          A heartbeat monitor is pushed to this instance: it runs from Local only.
        </p>
      )}
      {options.map((o) => (
        <CheckField
          key={o.id}
          label={`${o.label}${o.offline ? ' — offline' : ''}`}
          checked={heartbeat ? o.id === LOCAL_LOCATION_ID : f.location_ids.includes(o.id)}
          disabled={heartbeat}
          onChange={(v) => toggle(o.id, v)}
        />
      ))}
      {listError && (
        <small id="location-ids-error" className="error-text" role="alert">
          {listError}
        </small>
      )}
      {!heartbeat && (
        <Field
          label="Quorum"
          hint={`Locations that must see a failure before the monitor is down, 1 to ${Math.max(1, n)} (empty: a majority of its online locations)`}
          error={errors.quorum}
        >
          <input
            value={f.quorum}
            inputMode="numeric"
            placeholder="majority"
            onChange={(e) => set('quorum', e.target.value)}
          />
        </Field>
      )}
    </fieldset>
  );
}
