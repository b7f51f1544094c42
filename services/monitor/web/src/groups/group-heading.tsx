import './groups.css';
import type { GroupHeading } from './group-sections.js';

const labels: Record<string, string> = {
  up: 'Up',
  down: 'Down',
  degraded: 'Degraded',
  pending: 'Pending',
  paused: 'Paused',
  maintenance: 'Maintenance',
};

/** A section heading: a button that folds the group, with its rolled-up status and count. */
export function GroupHeadingRow({ item, onToggle }: { item: GroupHeading; onToggle(key: string): void }) {
  const key = String(item.id ?? 'none');
  return (
    <div className="group-heading" data-group-id={key} data-depth={item.depth}>
      <button
        type="button"
        className="group-toggle"
        aria-expanded={!item.collapsed}
        onClick={() => onToggle(key)}
      >
        <span className="group-caret" aria-hidden="true">
          {item.collapsed ? '▸' : '▾'}
        </span>
        <span className="group-title">{item.title}</span>
      </button>
      {item.status && (
        <span className={`badge badge-${item.status}`} data-status={item.status} title="Rolled-up status">
          {labels[item.status] ?? item.status}
        </span>
      )}
      <span className="muted">
        {item.shown} monitor{item.shown === 1 ? '' : 's'}
      </span>
    </div>
  );
}
