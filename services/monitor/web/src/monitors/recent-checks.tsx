import { dateTime } from '../lib/format.js';
import type { useCheckLocations } from '../locations/check-locations.js';
import { CheckLocationSelect } from '../locations/check-locations.js';
import { CheckEvidence } from './check-evidence.js';
import type { CheckList } from './use-check-list.js';

/** The detail page's list of checks, newest first, with older ones on demand. */
export function RecentChecks({
  list,
  where,
  locations,
}: {
  list: CheckList;
  where: string;
  locations: ReturnType<typeof useCheckLocations>;
}) {
  return (
    <>
      <div className="chart-head">
        <h2>Recent checks</h2>
        {locations.shown && <CheckLocationSelect value={where} />}
      </div>
      {list.error && <p className="muted">Checks are not available: {list.error}</p>}
      <div className="table-wrap">
        <table aria-label="Recent checks">
          <thead>
            <tr>
              <th scope="col">Time</th>
              {locations.shown && <th scope="col">Location</th>}
              <th scope="col">Result</th>
              <th scope="col">Code</th>
              <th scope="col">Response</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.id}>
                <td>{dateTime(r.checked_at)}</td>
                {locations.shown && (
                  <td data-location={r.location_id ?? 'local'}>{locations.name(r.location_id ?? 'local')}</td>
                )}
                <td>
                  <span className={`tag tag-${r.status}`}>{r.status}</span>
                </td>
                <td>{r.status_code ?? '—'}</td>
                <td>{r.response_time_ms !== null ? `${r.response_time_ms} ms` : '—'}</td>
                <td className="words">
                  {r.error ?? ''}
                  {r.details && <CheckEvidence result={r} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.hasMore && (
        <p>
          <button type="button" onClick={list.more} disabled={list.loadingMore}>
            {list.loadingMore ? 'Loading…' : 'Show older checks'}
          </button>{' '}
          <span className="muted small">{list.rows.length} shown</span>
        </p>
      )}
    </>
  );
}
