import { errors } from '../../errors.js';
import { channelsRepo } from '../../store/repos/channels-repo.js';
import { monitorChannelsRepo } from '../../store/repos/monitor-channels-repo.js';
import type { Db } from '../../store/schema.js';
import { ensurePolicyExists } from '../groups/policy-reference.js';

/** How a monitor alerts, kept apart from what it checks (the engine never needs it). */
export interface AlertingInput {
  channel_ids?: number[] | undefined;
  reminder_interval_minutes?: number | null | undefined;
  escalation_policy_id?: number | null | undefined;
}

/**
 * Stores a monitor's channel links in the caller's transaction. On create and replace an omitted
 * list means none; on patch it means unchanged. Unknown channel ids are a 422 naming each one.
 */
export async function saveChannelLinks(
  trx: Db,
  monitorId: number,
  input: AlertingInput,
  mode: 'create' | 'replace' | 'patch',
) {
  if (input.channel_ids === undefined && mode === 'patch') return;
  // A new monitor sent without channel_ids gets the channels marked default_for_new_monitors.
  if (input.channel_ids === undefined && mode === 'create') {
    await monitorChannelsRepo.set(trx, monitorId, await channelsRepo.defaultIds(trx));
    return;
  }
  const ids = [...new Set(input.channel_ids ?? [])];
  if (ids.length > 0) {
    const found = new Set(
      (
        await trx
          .selectFrom('notification_channels')
          .select('id')
          .where('id', 'in', ids)
          .where('owner_user_id', 'is', null)
          .execute()
      ).map((r) => r.id),
    );
    const problems = (input.channel_ids ?? [])
      .map((id, i) => ({ id, i }))
      .filter(({ id }) => !found.has(id))
      .map(({ id, i }) => ({ path: `channel_ids.${i}`, message: `channel ${id} does not exist` }));
    if (problems.length > 0) {
      throw errors.validation_failed(
        `Unknown notification channels: ${problems.map((p) => p.message).join('; ')}.`,
        {
          errors: problems,
        },
      );
    }
  }
  await monitorChannelsRepo.set(trx, monitorId, ids);
}

/** The reminder column for an insert or update (undefined leaves it unchanged on patch). */
export function reminderColumn(input: AlertingInput, mode: 'create' | 'replace' | 'patch') {
  if (input.reminder_interval_minutes === undefined)
    return mode === 'patch' ? {} : { reminder_interval_minutes: null };
  return { reminder_interval_minutes: input.reminder_interval_minutes };
}

/** The escalation policy column for an insert or update (checked to exist; undefined leaves it on patch). */
export async function escalationColumn(trx: Db, input: AlertingInput, mode: 'create' | 'replace' | 'patch') {
  if (input.escalation_policy_id === undefined) return mode === 'patch' ? {} : { escalation_policy_id: null };
  await ensurePolicyExists(trx, input.escalation_policy_id);
  return { escalation_policy_id: input.escalation_policy_id };
}
