import { dependenciesRepo } from '../../store/repos/dependencies-repo.js';
import { incidentsRepo } from '../../store/repos/incidents-repo.js';
import type { Db } from '../../store/schema.js';

// Dependency chains deeper than this are not followed (a guard, not a limit anyone should reach).
const MAX_DEPTH = 10;

export interface AffectedMonitor {
  id: number;
  name: string;
}

/**
 * The dependants (and their dependants, through failing ones) of a parent that has just gone down
 * whose latest checks fail: the monitors its outage takes down with it. Read in the transaction
 * that stores the results, so dependants judged in the same batch are seen.
 */
export async function failingDependants(db: Db, parentId: number): Promise<AffectedMonitor[]> {
  const out = new Map<number, AffectedMonitor>();
  let level = [parentId];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: number[] = [];
    for (const d of await dependenciesRepo.dependantsOf(db, level)) {
      if (d.id === parentId || out.has(d.id) || d.paused === 1) continue;
      if (d.consecutive_failures === 0 && d.current_status !== 'down') continue;
      out.set(d.id, { id: d.id, name: d.name });
      next.push(d.id);
    }
    level = next;
  }
  return [...out.values()];
}

/**
 * Lists dependants that went down because of a parent on the open (major) incidents of their
 * ancestors. Their parents' alert has gone out already (or goes out in this batch, counting them):
 * nothing more is sent.
 */
export async function addToParentIncidents(db: Db, dependantIds: number[], at: number): Promise<void> {
  if (dependantIds.length === 0) return;
  // Ancestors of each dependant, walked level by level.
  const ancestors = new Map<number, Set<number>>(dependantIds.map((id) => [id, new Set<number>()]));
  let frontier = new Map<number, number[]>(dependantIds.map((id) => [id, [id]]));
  for (let depth = 0; depth < MAX_DEPTH && frontier.size > 0; depth++) {
    const ids = [...new Set([...frontier.values()].flat())];
    const parents = await dependenciesRepo.parentsOf(db, ids);
    const next = new Map<number, number[]>();
    for (const [dep, level] of frontier) {
      const found = level
        .flatMap((id) => parents.get(id) ?? [])
        .filter((p) => !ancestors.get(dep)!.has(p) && p !== dep);
      for (const p of found) ancestors.get(dep)!.add(p);
      if (found.length > 0) next.set(dep, found);
    }
    frontier = next;
  }
  const all = [...new Set([...ancestors.values()].flatMap((s) => [...s]))];
  const open = (await incidentsRepo.unresolvedFor(db, all)).filter((i) => i.severity === 'major');
  for (const inc of open) {
    const listed = dependantIds.filter((d) => ancestors.get(d)!.has(inc.monitor_id));
    await dependenciesRepo.addAffected(db, inc.id, listed, at);
  }
}
