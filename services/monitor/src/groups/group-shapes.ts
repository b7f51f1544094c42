// Group and tag shapes and the group roll-up, shared with the web UI (which imports this file): no imports here.

/** A monitor's own status, as far as the roll-up needs to know it. */
export type MemberStatus = 'pending' | 'up' | 'degraded' | 'down' | 'paused' | 'maintenance';

/** A group's rolled-up status; null for a group with no monitors at any depth. */
export type GroupStatus = MemberStatus | null;

/** A group as GET /api/groups returns it. */
export interface GroupView {
  id: number;
  name: string;
  parent_id: number | null;
  /** Names from the top-level group down to this one. */
  path: string[];
  sort_order: number;
  /** The escalation policy of members without their own (and of subgroups without one). */
  escalation_policy_id: number | null;
  /** Monitors directly in this group. */
  member_count: number;
  /** Monitors in this group and every group below it. */
  monitor_count: number;
  status: GroupStatus;
  created_at: string;
  updated_at: string;
}

/** A tag as GET /api/tags returns it. */
export interface TagView {
  id: number;
  name: string;
  color: string;
  /** Monitors carrying it. */
  monitor_count: number;
  created_at: string;
}

/** A tag on a monitor (the monitor object's `tags`). */
export interface MonitorTag {
  tag_id: number;
  name: string;
  color: string;
  value: string | null;
}

// Worst first: the first of these present among the active members wins.
const WORST_FIRST: MemberStatus[] = ['down', 'degraded', 'pending', 'up'];

/**
 * The roll-up of a group's monitors (its own and its subgroups'): the worst status among those that
 * are checked (down, degraded, pending, up); when none is checked, `paused` if all are paused, else
 * `maintenance`; null when there are none.
 */
export function rollUp(statuses: Iterable<MemberStatus>): GroupStatus {
  const seen = new Set<MemberStatus>();
  let any = false;
  for (const s of statuses) {
    any = true;
    seen.add(s);
  }
  if (!any) return null;
  for (const s of WORST_FIRST) if (seen.has(s)) return s;
  return seen.has('maintenance') ? 'maintenance' : 'paused';
}

/** The ids of `id` and every group below it, given each group's parent. */
export function subtreeOf(id: number, parents: ReadonlyMap<number, number | null>): Set<number> {
  const children = new Map<number, number[]>();
  for (const [g, p] of parents) if (p !== null) children.set(p, [...(children.get(p) ?? []), g]);
  const out = new Set<number>([id]);
  const stack = [id];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      if (!out.has(c)) {
        out.add(c);
        stack.push(c);
      }
    }
  }
  return out;
}

/**
 * Every group's roll-up at once, bottom-up: the statuses present in each group and below it, and
 * how many monitors that is. Linear in groups and monitors, so 10,000 monitors in hundreds of groups
 * cost one pass (a damaged parent cycle is cut, not followed forever).
 */
export function rollUpAll(
  parents: ReadonlyMap<number, number | null>,
  members: Iterable<readonly [number, MemberStatus]>,
): Map<number, { status: GroupStatus; count: number }> {
  const present = new Map<number, Set<MemberStatus>>();
  const count = new Map<number, number>();
  for (const [g, s] of members) {
    if (!parents.has(g)) continue;
    const set = present.get(g);
    if (set) set.add(s);
    else present.set(g, new Set([s]));
    count.set(g, (count.get(g) ?? 0) + 1);
  }
  const children = new Map<number, number[]>();
  for (const [g, p] of parents)
    if (p !== null && parents.has(p)) children.set(p, [...(children.get(p) ?? []), g]);
  const out = new Map<number, { status: GroupStatus; count: number }>();
  const visit = (g: number, path: Set<number>): { set: Set<MemberStatus>; n: number } => {
    const set = new Set(present.get(g));
    let n = count.get(g) ?? 0;
    path.add(g);
    for (const c of children.get(g) ?? []) {
      if (path.has(c)) continue;
      const done = out.get(c);
      const sub = done ? { set: subSets.get(c)!, n: done.count } : visit(c, path);
      for (const s of sub.set) set.add(s);
      n += sub.n;
    }
    path.delete(g);
    subSets.set(g, set);
    out.set(g, { status: rollUp(set), count: n });
    return { set, n };
  };
  const subSets = new Map<number, Set<MemberStatus>>();
  for (const g of parents.keys()) if (!out.has(g)) visit(g, new Set());
  return out;
}

/** A tag filter of the dashboard's URL: `env` (any value) or `env:prod` (that value). */
export function parseTagFilter(text: string): { name: string; value: string | null } {
  const at = text.indexOf(':');
  return at < 0 ? { name: text, value: null } : { name: text.slice(0, at), value: text.slice(at + 1) };
}

/** Whether a monitor's tags pass a tag filter. */
export function matchesTag(tags: readonly MonitorTag[], filter: { name: string; value: string | null }) {
  return tags.some((t) => t.name === filter.name && (filter.value === null || t.value === filter.value));
}
