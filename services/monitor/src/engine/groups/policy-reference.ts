import { errors } from '../../errors.js';
import { escalationPoliciesRepo } from '../../store/repos/escalation-policies-repo.js';
import type { Db } from '../../store/schema.js';

/**
 * A 422 naming `path` when `id` is not a policy (monitor and group forms). Here, with the forms
 * that refer to a policy, rather than in alerting/: the engine sits below alerting and only reads
 * whether the row exists.
 */
export async function ensurePolicyExists(
  db: Db,
  id: number | null | undefined,
  path = 'escalation_policy_id',
) {
  if (id === null || id === undefined) return;
  if (!(await escalationPoliciesRepo.byId(db, id))) {
    throw errors.validation_failed(`Escalation policy ${id} does not exist.`, {
      errors: [{ path, message: `escalation policy ${id} does not exist` }],
    });
  }
}
