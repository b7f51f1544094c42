import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { iso } from '../../platform/http/schemas.js';
import { rollUpAll, subtreeOf } from '../../shared-types/group-rollup.js';
import type { GroupView } from '../../shared-types/group-shapes.js';
import { type GroupRow, groupsRepo } from '../../store/repos/groups-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import { ensurePolicyExists } from './policy-reference.js';

export interface GroupInput {
  name: string;
  parent_id?: number | null | undefined;
  sort_order?: number | undefined;
  /** The escalation policy of members without their own; omitted on PUT: none. */
  escalation_policy_id?: number | null | undefined;
}

/** Every group with its path, member counts and rolled-up status, computed from two queries. */
export async function listGroups(db: Db): Promise<GroupView[]> {
  const [rows, members] = await Promise.all([groupsRepo.list(db), groupsRepo.memberStatuses(db)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parents = new Map(rows.map((r) => [r.id, r.parent_id]));
  const own = new Map<number, number>();
  for (const m of members) own.set(m.group_id, (own.get(m.group_id) ?? 0) + 1);
  const rolled = rollUpAll(
    parents,
    members.map((m) => [m.group_id, m.current_status] as const),
  );
  return rows.map((r) => {
    const all = rolled.get(r.id);
    return {
      id: r.id,
      name: r.name,
      parent_id: r.parent_id,
      path: pathOf(r, byId),
      sort_order: r.sort_order,
      escalation_policy_id: r.escalation_policy_id,
      member_count: own.get(r.id) ?? 0,
      monitor_count: all?.count ?? 0,
      status: all?.status ?? null,
      config_key: r.managed === 1 ? r.config_key : null,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    };
  });
}

function pathOf(row: GroupRow, byId: Map<number, GroupRow>): string[] {
  const names = [row.name];
  const seen = new Set([row.id]);
  for (let p = row.parent_id; p !== null && !seen.has(p); p = byId.get(p)?.parent_id ?? null) {
    seen.add(p);
    names.unshift(byId.get(p)?.name ?? '?');
  }
  return names;
}

/** What the group services use (AppContext satisfies it). */
export interface GroupsDeps {
  db: Kysely<MonitorDB>;
}

export async function getGroup(ctx: GroupsDeps, id: number): Promise<GroupView> {
  const g = (await listGroups(ctx.db)).find((x) => x.id === id);
  if (!g) throw errors.not_found(`Group ${id} does not exist.`);
  return g;
}

async function requireGroup(db: Db, id: number) {
  const row = await groupsRepo.byId(db, id);
  if (!row) throw errors.not_found(`Group ${id} does not exist.`);
  return row;
}

const invalid = (path: string, message: string) =>
  errors.validation_failed(`${path} ${message}.`, { errors: [{ path, message }] });

/**
 * Checks the parent: it must exist and must not be the group itself or below it (a cycle). Sibling
 * names are unique so that a path names one group (import and export rely on it).
 */
async function checkPlace(db: Db, input: GroupInput, selfId: number | null) {
  const parentId = input.parent_id ?? null;
  if (parentId !== null) {
    const rows = await groupsRepo.list(db);
    if (!rows.some((r) => r.id === parentId)) throw invalid('parent_id', `group ${parentId} does not exist`);
    if (selfId !== null && subtreeOf(selfId, new Map(rows.map((r) => [r.id, r.parent_id]))).has(parentId)) {
      throw invalid(
        'parent_id',
        parentId === selfId ? 'a group cannot be its own parent' : `group ${parentId} is inside this group`,
      );
    }
  }
  const other = await groupsRepo.sibling(db, parentId, input.name);
  if (other && other.id !== selfId) {
    throw errors.group_name_taken(`A group named "${input.name}" exists at that level.`);
  }
  return parentId;
}

export async function createGroup(ctx: GroupsDeps, req: FastifyRequest, input: GroupInput) {
  const id = await audited(ctx, req, async (trx) => {
    const parentId = await checkPlace(trx, input, null);
    await ensurePolicyExists(trx, input.escalation_policy_id);
    const now = Date.now();
    const row = await groupsRepo.insert(trx, {
      name: input.name,
      parent_id: parentId,
      sort_order: input.sort_order ?? 0,
      escalation_policy_id: input.escalation_policy_id ?? null,
      created_at: now,
      updated_at: now,
    });
    const detail = {
      name: row.name,
      parent_id: row.parent_id,
      sort_order: row.sort_order,
      escalation_policy_id: row.escalation_policy_id,
    };
    return [row.id, { action: 'group.create', resource_type: 'group', resource_id: row.id, detail }];
  });
  return getGroup(ctx, id);
}

/** Replaces a group's name, parent and order (omitted: top level, order 0). */
export async function updateGroup(ctx: GroupsDeps, req: FastifyRequest, id: number, input: GroupInput) {
  await audited(ctx, req, async (trx) => {
    const old = await requireGroup(trx, id);
    const parentId = await checkPlace(trx, input, id);
    await ensurePolicyExists(trx, input.escalation_policy_id);
    const row = (await groupsRepo.update(trx, id, {
      name: input.name,
      parent_id: parentId,
      sort_order: input.sort_order ?? 0,
      escalation_policy_id: input.escalation_policy_id ?? null,
      updated_at: Math.max(Date.now(), old.updated_at + 1),
    }))!;
    const detail = {
      name: row.name,
      parent_id: row.parent_id,
      sort_order: row.sort_order,
      escalation_policy_id: row.escalation_policy_id,
    };
    return [null, { action: 'group.update', resource_type: 'group', resource_id: id, detail }];
  });
  return getGroup(ctx, id);
}

/** Deletes a group; its monitors and child groups move up to its parent (or the top level). */
export async function deleteGroup(ctx: GroupsDeps, req: FastifyRequest, id: number) {
  await audited(ctx, req, async (trx) => {
    const old = await requireGroup(trx, id);
    await groupsRepo.removeInto(trx, id, old.parent_id, Date.now());
    const detail = { name: old.name, moved_to: old.parent_id };
    return [null, { action: 'group.delete', resource_type: 'group', resource_id: id, detail }];
  });
}
