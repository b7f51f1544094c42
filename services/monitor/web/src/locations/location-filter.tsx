import { locationLabel } from './location-format.js';
import { useLocations } from './location-store.js';

/**
 * The dashboard's location filter (`?location=<id>`, kept in the URL like the others). Shown once
 * there is more than `local` to choose, or when the URL already names one.
 */
export function LocationFilter({ value, onChange }: { value: string; onChange(id: string): void }) {
  const snap = useLocations();
  if (snap.list.length < 2 && !value) return null;
  const known = snap.byId.has(value);
  return (
    <label>
      <select aria-label="Location" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any location</option>
        {value && !known && <option value={value}>{value}</option>}
        {snap.list.map((l) => (
          <option key={l.id} value={l.id}>
            {locationLabel(l)}
            {l.status === 'offline' ? ' — offline' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
