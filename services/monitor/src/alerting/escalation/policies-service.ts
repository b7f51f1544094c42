import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { iso } from '../../platform/http/schemas.js';
import {
  type EscalationPolicyRow,
  escalationPoliciesRepo,
} from '../../store/repos/escalation-policies-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import { type PolicyInput, planOf, repeatCount, repeatOf, validatePolicy } from './policy-input.js';

type Usage = { monitors: number; groups: number };

/** What this module uses of the service (AppContext satisfies it; the routes pass theirs). */
export interface PoliciesDeps {
  db: Kysely<MonitorDB>;
}

/** The API shape of a policy, with how many monitors and groups use it directly. */
export function toPolicyView(row: EscalationPolicyRow, usage: Usage = { monitors: 0, groups: 0 }) {
  return {
    id: row.id,
    name: row.name,
    steps: planOf(row).steps,
    repeat: repeatOf(row.repeat_count),
    monitor_count: usage.monitors,
    group_count: usage.groups,
    config_key: row.managed === 1 ? row.config_key : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

async function requirePolicy(db: Db, id: number) {
  const row = await escalationPoliciesRepo.byId(db, id);
  if (!row) throw errors.not_found(`Escalation policy ${id} does not exist.`);
  return row;
}

async function ensureNameFree(db: Db, name: string, exceptId?: number) {
  const other = await escalationPoliciesRepo.byName(db, name);
  if (other && other.id !== exceptId)
    throw errors.policy_name_taken(`An escalation policy named "${name}" exists.`);
}

/** The row values of a valid policy (a config apply writes the same). */
export const policyColumns = (input: PolicyInput) => ({
  name: input.name.trim(),
  steps: JSON.stringify(
    input.steps.map((s) => ({
      after_minutes: s.after_minutes,
      channel_ids: s.channel_ids,
      ...(s.user_ids && s.user_ids.length > 0 && { user_ids: s.user_ids }),
      ...(s.schedule_ids && s.schedule_ids.length > 0 && { schedule_ids: s.schedule_ids }),
    })),
  ),
  repeat_count: repeatCount(input.repeat),
});

export async function listPolicies(ctx: PoliciesDeps) {
  const usage = await escalationPoliciesRepo.usage(ctx.db);
  return (await escalationPoliciesRepo.list(ctx.db)).map((r) => toPolicyView(r, usage.get(r.id)));
}

export async function getPolicy(ctx: PoliciesDeps, id: number) {
  const row = await requirePolicy(ctx.db, id);
  return toPolicyView(row, (await escalationPoliciesRepo.usage(ctx.db)).get(id));
}

export async function createPolicy(ctx: PoliciesDeps, req: FastifyRequest, input: PolicyInput) {
  const row = await audited(ctx, req, async (trx) => {
    await validatePolicy(trx, input);
    await ensureNameFree(trx, input.name.trim());
    const now = Date.now();
    const created = await escalationPoliciesRepo.insert(trx, {
      ...policyColumns(input),
      created_at: now,
      updated_at: now,
    });
    return [
      created,
      {
        action: 'escalation_policy.create',
        resource_type: 'escalation_policy',
        resource_id: created.id,
        detail: toPolicyView(created),
      },
    ];
  });
  return toPolicyView(row);
}

/** Replaces a policy; open incidents follow the new steps from the count already sent. */
export async function updatePolicy(ctx: PoliciesDeps, req: FastifyRequest, id: number, input: PolicyInput) {
  await audited(ctx, req, async (trx) => {
    const old = await requirePolicy(trx, id);
    await validatePolicy(trx, input);
    await ensureNameFree(trx, input.name.trim(), id);
    const updated = await escalationPoliciesRepo.update(trx, id, {
      ...policyColumns(input),
      updated_at: Math.max(Date.now(), old.updated_at + 1),
    });
    return [
      updated,
      {
        action: 'escalation_policy.update',
        resource_type: 'escalation_policy',
        resource_id: id,
        detail: toPolicyView(updated),
      },
    ];
  });
  return getPolicy(ctx, id);
}

/** Deletes a policy; monitors and groups that named it are left without one (counted in the audit). */
export async function deletePolicy(ctx: PoliciesDeps, req: FastifyRequest, id: number) {
  await audited(ctx, req, async (trx) => {
    const old = await requirePolicy(trx, id);
    const detached = await escalationPoliciesRepo.remove(trx, id);
    return [
      null,
      {
        action: 'escalation_policy.delete',
        resource_type: 'escalation_policy',
        resource_id: id,
        detail: { name: old.name, detached_monitors: detached.monitors, detached_groups: detached.groups },
      },
    ];
  });
}
