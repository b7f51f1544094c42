import type { IncidentUpdate } from '../api/types.js';
import { dateTime } from '../lib/format.js';

/** The public timeline of an incident, oldest first, each entry with its author and time. */
export function IncidentTimeline({ updates }: { updates: IncidentUpdate[] }) {
  if (updates.length === 0) return <p className="muted">No updates yet.</p>;
  return (
    <ol className="timeline" aria-label="Timeline">
      {updates.map((u) => (
        <li key={u.id} data-update-status={u.status}>
          <div>
            <span className={`tag tag-update-${u.status}`}>{u.status}</span>{' '}
            <span className="muted small">
              {dateTime(u.created_at)}
              {u.author_name ? ` · ${u.author_name}` : ''}
            </span>
          </div>
          <p className="words pre-line">{u.message}</p>
        </li>
      ))}
    </ol>
  );
}
