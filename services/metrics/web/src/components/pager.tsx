import { fmt } from '../lib/format.js';

/** Previous and next over a server-paged list, with the range shown. */
export function Pager(props: {
  label: string;
  offset: number;
  limit: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  const { offset, limit, total } = props;
  if (total <= limit) return null;
  return (
    <nav className="pager" aria-label={props.label}>
      <span className="muted">
        {fmt(offset + 1)}–{fmt(Math.min(total, offset + limit))} of {fmt(total)}
      </span>
      <button
        type="button"
        onClick={() => props.onOffset(Math.max(0, offset - limit))}
        disabled={offset === 0}
      >
        ‹ Previous
      </button>
      <button type="button" onClick={() => props.onOffset(offset + limit)} disabled={offset + limit >= total}>
        Next ›
      </button>
    </nav>
  );
}
