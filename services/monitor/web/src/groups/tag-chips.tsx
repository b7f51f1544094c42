import './groups.css';
import { Link } from '../lib/router.js';
import type { MonitorTag } from './group-types.js';

/** The text of a tag on a monitor, and the dashboard filter it links to: `env:prod` or `env`. */
export const tagText = (t: Pick<MonitorTag, 'name' | 'value'>) =>
  t.value === null ? t.name : `${t.name}:${t.value}`;

/** A monitor's tags as coloured chips; each links to the dashboard filtered by it. */
export function TagChips({ tags }: { tags: readonly MonitorTag[] | undefined }) {
  if (!tags?.length) return null;
  return (
    <span className="tag-chips">
      {tags.map((t) => (
        <Link
          key={t.tag_id}
          to={`/?tag=${encodeURIComponent(tagText(t))}`}
          className="tag-chip"
          title={`Show monitors tagged ${tagText(t)}`}
        >
          <span className="tag-dot" style={{ background: t.color }} aria-hidden="true" />
          {tagText(t)}
        </Link>
      ))}
    </span>
  );
}
