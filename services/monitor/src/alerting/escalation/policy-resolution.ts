/** A group's parent and own policy. */
export interface GroupLink {
  id: number;
  parent_id: number | null;
  escalation_policy_id: number | null;
}

/**
 * The policy a monitor follows: its own, else the nearest one up its group chain. A cycle in the
 * chain (the groups API refuses them; this only guards) ends the walk.
 */
export function effectivePolicyId(
  own: number | null,
  groupId: number | null,
  groups: ReadonlyMap<number, GroupLink>,
): number | null {
  if (own !== null) return Number(own);
  const seen = new Set<number>();
  let g = groupId === null ? undefined : groups.get(Number(groupId));
  while (g && !seen.has(g.id)) {
    if (g.escalation_policy_id !== null) return Number(g.escalation_policy_id);
    seen.add(g.id);
    g = g.parent_id === null ? undefined : groups.get(Number(g.parent_id));
  }
  return null;
}
