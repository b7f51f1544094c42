import type { FieldProblem } from '@app/kit';
import { contactMethodsRepo } from '../../store/repos/contact-methods-repo.js';
import { schedulesRepo } from '../../store/repos/schedules-repo.js';
import type { Db } from '../../store/schema.js';
import { issueAckLink } from '../on-call/ack-links.js';
import { onCallUser } from '../on-call/schedules-service.js';
import type { EscalationStep } from './policy-schedule.js';

/** Each step names someone; the users and schedules it names exist. */
export async function targetProblems(db: Db, steps: readonly EscalationStep[]): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const users = await contactMethodsRepo.existingUsers(db, [
    ...new Set(steps.flatMap((s) => s.user_ids ?? [])),
  ]);
  const schedules = await schedulesRepo.existingIds(db, [
    ...new Set(steps.flatMap((s) => s.schedule_ids ?? [])),
  ]);
  steps.forEach((s, i) => {
    if (s.channel_ids.length + (s.user_ids?.length ?? 0) + (s.schedule_ids?.length ?? 0) === 0)
      problems.push({ path: `steps.${i}`, message: 'names no channel, user or schedule' });
    s.user_ids?.forEach((id, j) => {
      if (!users.has(id))
        problems.push({ path: `steps.${i}.user_ids.${j}`, message: `user ${id} does not exist` });
    });
    s.schedule_ids?.forEach((id, j) => {
      if (!schedules.has(id))
        problems.push({ path: `steps.${i}.schedule_ids.${j}`, message: `schedule ${id} does not exist` });
    });
  });
  return problems;
}

/** One person a step pages: their verified contact methods and the nonce of their ack link. */
export interface PagedPerson {
  user_id: number;
  channel_ids: number[];
  ack_nonce: string;
}

/**
 * The people a due step pages at `now`: the users it names and whoever is on call in the schedules
 * it names (a schedule with nobody on call adds nobody), each once, with their verified methods.
 * Each gets a fresh single-use acknowledgement link, stored in `trx` with the step itself.
 */
export async function pagedPeople(
  trx: Db,
  step: EscalationStep,
  incidentId: number,
  now: number,
): Promise<PagedPerson[]> {
  const ids = new Set(step.user_ids ?? []);
  for (const sid of step.schedule_ids ?? []) {
    const row = await schedulesRepo.byId(trx, sid);
    const who = row ? await onCallUser(trx, row, now) : null;
    if (who !== null) ids.add(who);
  }
  const methods = await contactMethodsRepo.verifiedOf(trx, [...ids]);
  const out: PagedPerson[] = [];
  for (const user_id of ids) {
    const channel_ids = methods.get(user_id) ?? [];
    // Someone with no verified method cannot be reached; no link is made for them.
    if (channel_ids.length === 0) continue;
    out.push({ user_id, channel_ids, ack_nonce: await issueAckLink(trx, incidentId, user_id, now) });
  }
  return out;
}
