import type { Monitor } from '../api/types.js';
import { navigate, useLocation } from '../lib/router.js';
import { locationLabel } from './location-format.js';
import { locationName, useLocations } from './location-store.js';
import { isMultiLocation } from './monitor-locations.js';

/**
 * Whether the detail page's check list shows where each check ran: once this instance has other
 * locations, or the monitor runs from more than `local` (an install without probes stays as it was).
 */
export function useCheckLocations(monitor: Monitor | null, where: string) {
  const snap = useLocations();
  return {
    shown: where !== '' || snap.list.length > 1 || (monitor !== null && isMultiLocation(monitor)),
    name: (id: string) => locationName(snap, id),
    names: (ids: string[]) => ids.map((id) => locationName(snap, id)).join(', '),
  };
}

/** Filters the detail page's checks by location (`?location=<id>` in the page's URL). */
export function CheckLocationSelect({ value }: { value: string }) {
  const snap = useLocations();
  const { path, query } = useLocation();
  const pick = (id: string) => {
    const next = new URLSearchParams(query);
    if (id) next.set('location', id);
    else next.delete('location');
    const s = next.toString();
    navigate(s ? `${path}?${s}` : path, { replace: true, keepScroll: true });
  };
  return (
    <label>
      <select aria-label="Checks from location" value={value} onChange={(e) => pick(e.target.value)}>
        <option value="">All locations</option>
        {value && !snap.byId.has(value) && <option value={value}>{value}</option>}
        {snap.list.map((l) => (
          <option key={l.id} value={l.id}>
            {locationLabel(l)}
          </option>
        ))}
      </select>
    </label>
  );
}
