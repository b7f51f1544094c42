import type { Row } from '../monitors/live-store.js';
import {
  type Group,
  type GroupStatus,
  type MemberStatus,
  matchesTag,
  parseTagFilter,
  rollUpAll,
  subtreeOf,
} from './group-types.js';

/** A section heading in the dashboard's list: a group (id) or the monitors in none (id null). */
export interface GroupHeading {
  heading: true;
  id: number | null;
  title: string;
  depth: number;
  status: GroupStatus;
  /** Monitors of this section that pass the filters. */
  shown: number;
  collapsed: boolean;
}

/** One entry of the list: a monitor's row or a section heading. */
export type ListItem = Row | GroupHeading;

export const isHeading = (i: ListItem): i is GroupHeading => 'heading' in i;

/** The URL's group and tag filters as a predicate on rows (null: no such filter). */
export function groupTagFilter(groups: Group[], group: string, tag: string): ((r: Row) => boolean) | null {
  const checks: ((r: Row) => boolean)[] = [];
  if (group === 'none') checks.push((r) => r.monitor.group_id == null);
  else if (group) {
    const ids = subtreeOf(Number(group), new Map(groups.map((g) => [g.id, g.parent_id])));
    checks.push((r) => r.monitor.group_id != null && ids.has(r.monitor.group_id));
  }
  if (tag) {
    const f = parseTagFilter(tag);
    checks.push((r) => matchesTag(r.monitor.tags ?? [], f));
  }
  return checks.length ? (r) => checks.every((c) => c(r)) : null;
}

/** Groups in tree order: each parent followed by its children, siblings as the API orders them. */
export function treeOrder(groups: Group[]): { group: Group; depth: number }[] {
  const known = new Set(groups.map((g) => g.id));
  const children = new Map<number | null, Group[]>();
  for (const g of groups) {
    const p = g.parent_id !== null && known.has(g.parent_id) ? g.parent_id : null;
    children.set(p, [...(children.get(p) ?? []), g]);
  }
  const out: { group: Group; depth: number }[] = [];
  const seen = new Set<number>();
  const walk = (p: number | null, depth: number) => {
    for (const g of children.get(p) ?? []) {
      if (seen.has(g.id)) continue;
      seen.add(g.id);
      out.push({ group: g, depth });
      walk(g.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/**
 * The sectioned list's layout: for each group with shown monitors (in tree order), its heading and,
 * unless collapsed, its monitors' ids; then the monitors in no group. The heading's status rolls up
 * every monitor of the group and its subgroups (not only those shown). Computed when statuses or
 * membership change; the rows themselves are looked up per batch (`withRows`), as the flat list does.
 */
export function sectioned(
  shown: Row[],
  all: Row[],
  groups: Group[],
  collapsed: ReadonlySet<string>,
): (GroupHeading | number)[] {
  const byGroup = new Map<number | null, number[]>();
  const known = new Set(groups.map((g) => g.id));
  for (const r of shown) {
    const g = r.monitor.group_id != null && known.has(r.monitor.group_id) ? r.monitor.group_id : null;
    const list = byGroup.get(g);
    if (list) list.push(r.monitor.id);
    else byGroup.set(g, [r.monitor.id]);
  }
  const members: [number, MemberStatus][] = [];
  for (const r of all)
    if (r.monitor.group_id != null) members.push([r.monitor.group_id, r.monitor.current_status]);
  const rolled = rollUpAll(new Map(groups.map((g) => [g.id, g.parent_id])), members);
  const out: (GroupHeading | number)[] = [];
  const push = (id: number | null, title: string, depth: number, status: GroupStatus) => {
    const rows = byGroup.get(id);
    if (!rows?.length) return;
    const isCollapsed = collapsed.has(String(id ?? 'none'));
    out.push({ heading: true, id, title, depth, status, shown: rows.length, collapsed: isCollapsed });
    if (!isCollapsed) out.push(...rows);
  };
  for (const { group, depth } of treeOrder(groups)) {
    push(group.id, group.path.join(' / '), depth, rolled.get(group.id)?.status ?? null);
  }
  push(null, 'No group', 0, null);
  return out;
}

/** The layout with each id replaced by its current row (ids no longer in the store are left out). */
export function withRows(
  layout: (GroupHeading | number)[],
  get: (id: number) => Row | undefined,
): ListItem[] {
  const out: ListItem[] = [];
  for (const x of layout) {
    if (typeof x !== 'number') out.push(x);
    else {
      const r = get(x);
      if (r) out.push(r);
    }
  }
  return out;
}
