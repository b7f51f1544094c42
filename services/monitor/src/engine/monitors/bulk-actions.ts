import type { FieldProblem } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { type AuditEntry, writeAudit } from '../../platform/audit/audit.js';
import { checkResultsRepo } from '../../store/repos/check-results-repo.js';
import { groupsRepo } from '../../store/repos/groups-repo.js';
import { type MonitorRow, type MonitorUpdate, monitorsRepo } from '../../store/repos/monitors-repo.js';
import { tagsRepo } from '../../store/repos/tags-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import type { MonitorChangeDeps } from '../locations/monitor-changes.js';
import { monitorChanged, monitorRemoved } from '../locations/monitor-changes.js';
import { saveChannelLinks } from './monitor-alerting.js';

export const BULK_ACTIONS = [
  'pause',
  'resume',
  'delete',
  'add_tag',
  'remove_tag',
  'set_channels',
  'move_to_group',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export interface BulkInput {
  ids: number[];
  action: BulkAction;
  tag?: { tag_id: number; value?: string | null | undefined } | undefined;
  channel_ids?: number[] | undefined;
  group_id?: number | null | undefined;
}

const invalid = (problems: FieldProblem[]) =>
  errors.validation_failed(
    `The bulk action is invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
    {
      errors: problems,
    },
  );

/** What each action needs besides the ids: a 422 naming the field when it is missing or unknown. */
async function checkArguments(trx: Db, input: BulkInput) {
  if (input.action === 'add_tag' || input.action === 'remove_tag') {
    if (!input.tag) throw invalid([{ path: 'tag', message: `is required for ${input.action}` }]);
    if (!(await tagsRepo.byId(trx, input.tag.tag_id))) {
      throw invalid([{ path: 'tag.tag_id', message: `tag ${input.tag.tag_id} does not exist` }]);
    }
  }
  if (input.action === 'set_channels' && input.channel_ids === undefined) {
    throw invalid([{ path: 'channel_ids', message: 'is required for set_channels' }]);
  }
  if (input.action === 'move_to_group') {
    if (input.group_id === undefined)
      throw invalid([{ path: 'group_id', message: 'is required for move_to_group (null: no group)' }]);
    if (input.group_id !== null && !(await groupsRepo.existing(trx, [input.group_id])).has(input.group_id)) {
      throw invalid([{ path: 'group_id', message: `group ${input.group_id} does not exist` }]);
    }
  }
}

/**
 * One monitor's part of a bulk action, with the audit entry the single-monitor route writes for the
 * same change (pause, resume, delete; update for tags, channels and group). Returns the new row, or
 * null when deleted.
 */
async function applyOne(
  trx: Db,
  input: BulkInput,
  old: MonitorRow,
  now: number,
): Promise<[MonitorRow | null, AuditEntry]> {
  const id = old.id;
  const entry = (action: string, detail: Record<string, unknown>): AuditEntry => ({
    action,
    resource_type: 'monitor',
    resource_id: id,
    detail: { ...detail, bulk: true },
  });
  const touch = (patch: MonitorUpdate) =>
    monitorsRepo.update(trx, id, {
      ...patch,
      updated_at: Math.max(now, old.updated_at + 1),
    }) as Promise<MonitorRow>;
  switch (input.action) {
    case 'pause':
    case 'resume': {
      const paused = input.action === 'pause';
      const e = entry(`monitor.${input.action}`, { name: old.name });
      if ((old.paused === 1) === paused) return [old, e];
      const r = await touch({
        paused: paused ? 1 : 0,
        current_status: paused ? 'paused' : 'pending',
        ...(!paused && { consecutive_failures: 0 }),
      });
      return [r, e];
    }
    case 'delete':
      await checkResultsRepo.removeForMonitor(trx, id);
      await monitorsRepo.remove(trx, id);
      return [null, entry('monitor.delete', { name: old.name })];
    case 'add_tag': {
      const t = input.tag!;
      await tagsRepo.put(trx, id, t.tag_id, t.value === '' || t.value === undefined ? null : t.value);
      return [
        await touch({}),
        entry('monitor.update', { add_tag: { tag_id: t.tag_id, value: t.value ?? null } }),
      ];
    }
    case 'remove_tag':
      await tagsRepo.take(trx, id, input.tag!.tag_id);
      return [await touch({}), entry('monitor.update', { remove_tag: { tag_id: input.tag!.tag_id } })];
    case 'set_channels':
      await saveChannelLinks(trx, id, { channel_ids: input.channel_ids! }, 'replace');
      return [await touch({}), entry('monitor.update', { channel_ids: input.channel_ids })];
    case 'move_to_group':
      return [
        await touch({ group_id: input.group_id! }),
        entry('monitor.update', { group_id: input.group_id }),
      ];
  }
}

/** What a bulk action uses (AppContext satisfies it). */
export interface BulkDeps extends MonitorChangeDeps {
  db: Kysely<MonitorDB>;
}

/**
 * Applies one action to many monitors in one transaction: every id must exist (else a 404 naming
 * the missing ones and nothing changes), and each monitor gets its own audit entry.
 */
export async function bulkAction(ctx: BulkDeps, req: FastifyRequest, input: BulkInput) {
  const ids = [...new Set(input.ids)];
  const rows = await ctx.db.transaction().execute(async (trx) => {
    const found = new Map((await monitorsRepo.byIds(trx, ids)).map((r) => [r.id, r]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw errors.not_found(
        `${missing.length === 1 ? 'Monitor' : 'Monitors'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist; nothing was changed.`,
        { extra: { missing } },
      );
    }
    await checkArguments(trx, input);
    const now = Date.now();
    const out: [number, MonitorRow | null][] = [];
    for (const id of ids) {
      const [row, entry] = await applyOne(trx, input, found.get(id)!, now);
      await writeAudit(trx, req, entry, now);
      out.push([id, row]);
    }
    return out;
  });
  for (const [id, row] of rows) {
    if (row) monitorChanged(ctx, row);
    else monitorRemoved(ctx, id, []);
  }
  return { updated: ids };
}
