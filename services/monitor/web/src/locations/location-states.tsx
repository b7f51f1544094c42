import './locations.css';
import type { Monitor } from '../api/types.js';
import { ago, dateTime } from '../lib/format.js';
import { verdictClass } from './location-format.js';
import { locationName, useLocations } from './location-store.js';
import { isCounted, isMultiLocation, statesOf } from './monitor-locations.js';
import { useNow } from './use-now.js';

/** The quorum in words: fixed, or a majority of the online locations. */
function quorumText(m: Pick<Monitor, 'quorum' | 'location_ids'>, listed: number): string {
  return m.quorum
    ? `Down when ${m.quorum} of its ${listed} locations see it down (fewer if fewer are online).`
    : `Down when a majority of its online locations see it down (${Math.floor(listed / 2) + 1} of ${listed} while all are online).`;
}

/** A multi-location monitor's state at each location, live (the stream's results carry them). */
export function LocationStatesTable({ monitor }: { monitor: Monitor }) {
  const snap = useLocations();
  const now = useNow(5_000);
  if (!isMultiLocation(monitor)) return null;
  const states = statesOf(monitor);
  return (
    <>
      <h2>Locations</h2>
      <p className="muted" data-testid="quorum-text">
        {quorumText(monitor, states.length)}
      </p>
      <div className="table-wrap">
        <table aria-label="State per location">
          <thead>
            <tr>
              <th scope="col">Location</th>
              <th scope="col">Verdict</th>
              <th scope="col">Counted</th>
              <th scope="col">Last checked</th>
              <th scope="col">Last response</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {states.map((s) => {
              const counted = isCounted(s, snap);
              return (
                <tr key={s.location_id} data-location={s.location_id}>
                  <td>
                    <span className={`loc-dot ${verdictClass(s.status, counted)}`} aria-hidden="true" />{' '}
                    {locationName(snap, s.location_id)}
                  </td>
                  <td>
                    <span className={`tag tag-${s.status}`}>{s.status}</span>
                  </td>
                  <td>{counted ? 'yes' : 'no (offline)'}</td>
                  <td title={dateTime(s.last_checked_at)}>{ago(s.last_checked_at, now)}</td>
                  <td>{s.last_response_time_ms !== null ? `${s.last_response_time_ms} ms` : '—'}</td>
                  <td className="words">{s.last_error ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
