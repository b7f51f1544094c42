import type { FieldProblem } from '@app/kit';
import { errors } from '../../errors.js';
import { dependenciesRepo } from '../../store/repos/dependencies-repo.js';
import { monitorsRepo } from '../../store/repos/monitors-repo.js';
import type { Db } from '../../store/schema.js';
import { closesCycle } from './dependency-gate.js';

/** What a client may send about a monitor's parents. */
export interface DependencyInput {
  depends_on?: number[] | undefined;
}

/**
 * Stores a monitor's parents in the caller's transaction. On create and replace an omitted list
 * means none; on patch it means unchanged. Unknown ids, the monitor itself and a list that would
 * close a loop are a 422 naming `depends_on`, and nothing is written. Returns the `depends_on`
 * column now stored (undefined: unchanged) so the engine gets the row as it is.
 */
export async function saveDependencies(
  trx: Db,
  monitorId: number,
  input: DependencyInput,
  mode: 'create' | 'replace' | 'patch',
): Promise<string | null | undefined> {
  if (input.depends_on === undefined && mode === 'patch') return undefined;
  const sent = input.depends_on ?? [];
  const ids = [...new Set(sent)];
  const problems: FieldProblem[] = [];
  const found = await monitorsRepo.existing(trx, ids);
  sent.forEach((id, i) => {
    if (id === monitorId)
      problems.push({ path: `depends_on.${i}`, message: 'a monitor cannot depend on itself' });
    else if (!found.has(id))
      problems.push({ path: `depends_on.${i}`, message: `monitor ${id} does not exist` });
  });
  if (problems.length === 0 && ids.length > 0) {
    const edges = new Map<number, number[]>();
    for (const e of await dependenciesRepo.allEdges(trx)) {
      if (e.monitor_id === monitorId) continue;
      edges.set(e.monitor_id, [...(edges.get(e.monitor_id) ?? []), e.depends_on_id]);
    }
    if (closesCycle(monitorId, ids, (id) => edges.get(id) ?? [])) {
      problems.push({
        path: 'depends_on',
        message:
          'would create a cycle: a monitor cannot depend, directly or indirectly, on one of its dependants',
      });
    }
  }
  if (problems.length > 0) {
    throw errors.validation_failed(
      `Invalid dependencies: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      {
        errors: problems,
      },
    );
  }
  ids.sort((a, b) => a - b);
  await dependenciesRepo.setFor(trx, monitorId, ids);
  return ids.length > 0 ? JSON.stringify(ids) : null;
}
