import type { ReportScopeKind } from '../../shared-types/sla-report-shapes.js';
import { reportsRepo } from '../../store/repos/reports-repo.js';
import type { Db } from '../../store/schema.js';

export interface ScopeInput {
  scope?: ReportScopeKind;
  scope_id?: number;
}

export interface ResolvedScope {
  kind: ReportScopeKind;
  id: number | null;
  name: string;
  /** undefined: every monitor. */
  monitorIds: number[] | undefined;
}

/** The monitors a report covers; null when the scope's group, tag, page or monitor does not exist. */
export async function resolveScope(db: Db, input: ScopeInput): Promise<ResolvedScope | null> {
  const kind = input.scope ?? 'all';
  if (kind === 'all') return { kind, id: null, name: 'All monitors', monitorIds: undefined };
  const id = input.scope_id;
  if (id === undefined) return null;
  switch (kind) {
    case 'monitor': {
      const [m] = await reportsRepo.monitors(db, [id]);
      return m ? { kind, id, name: m.name, monitorIds: [id] } : null;
    }
    case 'group': {
      if (!(await reportsRepo.groupExists(db, id))) return null;
      // A group's report covers its subgroups too, as its rolled-up status does.
      const parents = await reportsRepo.groupParents(db);
      const ids = new Set([id]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const g of parents) {
          if (g.parent_id !== null && ids.has(g.parent_id) && !ids.has(g.id)) {
            ids.add(g.id);
            grew = true;
          }
        }
      }
      const name = (await reportsRepo.groupName(db, id)) ?? `Group ${id}`;
      return { kind, id, name, monitorIds: await reportsRepo.monitorIdsInGroups(db, [...ids]) };
    }
    case 'tag': {
      const tag = await reportsRepo.tagById(db, id);
      return tag
        ? { kind, id, name: `Tag ${tag.name}`, monitorIds: await reportsRepo.monitorIdsWithTag(db, id) }
        : null;
    }
    case 'status_page': {
      const page = await reportsRepo.statusPage(db, id);
      return page
        ? { kind, id, name: page.title, monitorIds: await reportsRepo.monitorIdsOnPage(db, id) }
        : null;
    }
  }
}
