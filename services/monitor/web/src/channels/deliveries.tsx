import type { Delivery } from '../api/types.js';
import { dateTime } from '../lib/format.js';
import { useApi } from '../lib/use-api.js';

/** The latest delivery attempts of one channel, newest first. */
export function Deliveries({
  channelId,
  name,
  refresh,
}: {
  channelId: number;
  name: string;
  refresh: number;
}) {
  const list = useApi<Delivery[]>(`/api/channels/${channelId}/deliveries`, { limit: 20 }, refresh);
  if (list.error) return <p className="error-text">{list.error}</p>;
  if (!list.data) return <p className="muted">Loading…</p>;
  if (list.data.length === 0) return <p className="muted">No deliveries yet.</p>;
  return (
    <table aria-label={`Deliveries of ${name}`}>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Event</th>
          <th scope="col">Attempt</th>
          <th scope="col">Result</th>
          <th scope="col">Answer</th>
          <th scope="col">Time</th>
        </tr>
      </thead>
      <tbody>
        {list.data.map((d) => (
          <tr key={d.id}>
            <td>{dateTime(d.at)}</td>
            <td>
              <code>{d.event}</code>
            </td>
            <td>{d.attempt}</td>
            <td>
              <span className={`tag tag-${d.status === 'delivered' ? 'up' : 'down'}`}>{d.status}</span>
              {d.will_retry && <span className="muted small"> will retry</span>}
            </td>
            <td className="break">
              {d.http_status ?? ''} {d.error ?? ''}
            </td>
            <td>{d.duration_ms} ms</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
