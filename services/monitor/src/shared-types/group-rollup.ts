// A group's status rolled up from its monitors'; the service computes it for the API and the dashboard
// recomputes it live from the stream, with this very rule.
import type { GroupStatus, MemberStatus } from './group-shapes.js';

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
