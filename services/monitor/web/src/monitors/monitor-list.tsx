import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { GroupHeadingRow } from '../groups/group-heading.js';
import { isHeading, type ListItem } from '../groups/group-sections.js';
import { useMediaQuery } from '../lib/use-media-query.js';
import type { LiveStore } from './live-store.js';
import { MonitorRow } from './monitor-row.js';

/** Selection for bulk actions (admins): which rows are ticked and how a tick is reported. */
export interface ListSelection {
  ids: ReadonlySet<number>;
  toggle(id: number, on: boolean): void;
}

/**
 * The virtualised list: only the rows in view (plus a few) exist in the DOM, so 2,000 monitors cost
 * what 30 do. Scrolling re-renders this component alone, batched by React rather than synchronously.
 */
export function MonitorList({
  rows,
  store,
  selection,
  onToggleGroup,
}: {
  /** Monitor rows, and group headings when the list is sectioned. */
  rows: ListItem[];
  store: LiveStore;
  selection?: ListSelection | undefined;
  onToggleGroup?: ((key: string) => void) | undefined;
}) {
  const narrow = useMediaQuery('(max-width: 760px)');
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i] && isHeading(rows[i]) ? 40 : narrow ? 84 : 52),
    overscan: 6,
    scrollMargin: listRef.current?.offsetTop ?? 0,
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();

  // Histories load for what is on screen only; a short delay skips rows scrolled past quickly.
  const visibleKey = items
    .map((i) => rows[i.index])
    .flatMap((r) => (r && !isHeading(r) ? [r.monitor.id] : []))
    .join(',');
  useEffect(() => {
    const ids = visibleKey ? visibleKey.split(',').map(Number) : [];
    const t = setTimeout(() => store.ensureHistory(ids), 120);
    return () => clearTimeout(t);
  }, [visibleKey, store]);

  return (
    <div
      ref={listRef}
      className="mlist"
      style={{ height: virtualizer.getTotalSize(), display: rows.length ? undefined : 'none' }}
    >
      <ul aria-label="Monitors" className="mlist-inner">
        {items.map((item) => {
          const row = rows[item.index]!;
          if (isHeading(row)) {
            return (
              <li
                key={`group-${row.id ?? 'none'}`}
                className="group-heading-item"
                style={{
                  height: item.size,
                  transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
                }}
              >
                <GroupHeadingRow item={row} onToggle={(k) => onToggleGroup?.(k)} />
              </li>
            );
          }
          return (
            <li
              key={row.monitor.id}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              style={{
                height: item.size,
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <MonitorRow
                row={row}
                {...(selection && {
                  selected: selection.ids.has(row.monitor.id),
                  onSelect: selection.toggle,
                })}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
