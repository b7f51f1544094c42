import './locations.css';
import type { Monitor } from '../api/types.js';
import { verdictClass } from './location-format.js';
import { useLocations } from './location-store.js';
import { isCounted, statesOf, stateText } from './monitor-locations.js';

/**
 * One small dot per location of a multi-location monitor, coloured by that location's verdict and
 * grey while it is not counted (offline); the tooltip and the screen-reader text say it in words.
 * Reads the location list itself, so a location going offline greys the dots of memoised rows too.
 */
export function LocationDots({ monitor }: { monitor: Pick<Monitor, 'location_ids' | 'locations'> }) {
  const snap = useLocations();
  return (
    <span className="loc-dots">
      {statesOf(monitor).map((s) => {
        const counted = isCounted(s, snap);
        const text = stateText(s, snap);
        return (
          <span
            key={s.location_id}
            className={`loc-dot ${verdictClass(s.status, counted)}`}
            data-location={s.location_id}
            data-verdict={s.status}
            data-counted={counted}
            title={text}
          >
            <span className="sr-only">{text}; </span>
          </span>
        );
      })}
    </span>
  );
}
