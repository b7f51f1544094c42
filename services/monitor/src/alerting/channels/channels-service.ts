import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { type ChannelRow, channelsRepo } from '../../store/repos/channels-repo.js';
import { outboxRepo } from '../../store/repos/outbox-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import { oneOffKey } from '../notify/enqueue.js';
import type { ChannelType } from '../notify/providers/index.js';
import type { DeliveryOutcome, NotificationPayload } from '../notify/types.js';
import { type ChannelConfig, maskConfig, resolveConfig, sealConfig } from './channel-config.js';

/** What this module uses of the service (AppContext satisfies it; the routes pass theirs). */
export interface ChannelsDeps {
  db: Kysely<MonitorDB>;
  keys: { encryption: Buffer };
  /** Channel tests go through the outbox worker at once (outbox/outbox-worker.ts sendNow). */
  outbox: {
    sendNow(
      channelId: number,
      payload: NotificationPayload,
      dedupKey: string,
    ): Promise<{ outcome: DeliveryOutcome }>;
  };
}

export interface ChannelInput {
  name: string;
  type: ChannelType;
  config: ChannelConfig;
  is_enabled?: boolean | undefined;
  default_for_new_monitors?: boolean | undefined;
  flood_limit?: number | null | undefined;
}

/** The API form of a channel: secrets masked. */
export function toChannelView(row: ChannelRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    config: maskConfig(row.type as ChannelType, row.config),
    is_enabled: row.is_enabled === 1,
    default_for_new_monitors: row.default_for_new_monitors === 1,
    ...(row.flood_limit !== null && { flood_limit: row.flood_limit }),
    config_key: row.managed === 1 ? row.config_key : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

async function requireChannel(db: Db, id: number) {
  const row = await channelsRepo.byId(db, id);
  // A personal contact method is its owner's (api/contact-methods), not a team channel.
  if (!row || row.owner_user_id !== null) throw errors.not_found(`Channel ${id} does not exist.`);
  return row;
}

async function ensureNameFree(db: Db, name: string, exceptId?: number) {
  const other = await channelsRepo.byName(db, name);
  if (other && other.id !== exceptId) throw errors.channel_name_taken(`A channel named "${name}" exists.`);
}

function validated(ctx: ChannelsDeps, input: ChannelInput, stored: ChannelRow | null): string {
  const { config, problems } = resolveConfig(ctx.keys.encryption, input.type, input.config, stored);
  if (problems.length > 0) {
    throw errors.validation_failed(
      `The ${input.type} channel config is invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      { errors: problems },
    );
  }
  return sealConfig(ctx.keys.encryption, input.type, config);
}

// The audit entry shows the config as the API does: masked.
const auditDetail = (row: ChannelRow) => ({
  name: row.name,
  type: row.type,
  config: maskConfig(row.type as ChannelType, row.config),
  is_enabled: row.is_enabled === 1,
  default_for_new_monitors: row.default_for_new_monitors === 1,
});

export async function listChannels(ctx: ChannelsDeps) {
  return (await channelsRepo.list(ctx.db)).map(toChannelView);
}

export async function getChannel(ctx: ChannelsDeps, id: number) {
  return toChannelView(await requireChannel(ctx.db, id));
}

export async function createChannel(ctx: ChannelsDeps, req: FastifyRequest, input: ChannelInput) {
  const config = validated(ctx, input, null);
  const row = await audited(ctx, req, async (trx) => {
    await ensureNameFree(trx, input.name);
    const now = Date.now();
    const created = await channelsRepo.insert(trx, {
      name: input.name,
      type: input.type,
      config,
      is_enabled: input.is_enabled === false ? 0 : 1,
      default_for_new_monitors: input.default_for_new_monitors === true ? 1 : 0,
      flood_limit: input.flood_limit ?? null,
      created_at: now,
      updated_at: now,
    });
    return [
      created,
      {
        action: 'channel.create',
        resource_type: 'channel',
        resource_id: created.id,
        detail: auditDetail(created),
      },
    ];
  });
  return toChannelView(row);
}

/** Replaces a channel; secrets sent back as the mask keep their stored values. */
export async function updateChannel(ctx: ChannelsDeps, req: FastifyRequest, id: number, input: ChannelInput) {
  const row = await audited(ctx, req, async (trx) => {
    const stored = await requireChannel(trx, id);
    const config = validated(ctx, input, stored);
    await ensureNameFree(trx, input.name, id);
    const updated = await channelsRepo.update(trx, id, {
      name: input.name,
      type: input.type,
      config,
      ...(input.is_enabled !== undefined && { is_enabled: input.is_enabled ? 1 : 0 }),
      ...(input.default_for_new_monitors !== undefined && {
        default_for_new_monitors: input.default_for_new_monitors ? 1 : 0,
      }),
      ...(input.flood_limit !== undefined && { flood_limit: input.flood_limit }),
      updated_at: Date.now(),
    });
    return [
      updated,
      { action: 'channel.update', resource_type: 'channel', resource_id: id, detail: auditDetail(updated) },
    ];
  });
  return toChannelView(row);
}

export async function deleteChannel(ctx: ChannelsDeps, req: FastifyRequest, id: number) {
  await audited(ctx, req, async (trx) => {
    const stored = await requireChannel(trx, id);
    await channelsRepo.remove(trx, id);
    return [
      null,
      {
        action: 'channel.delete',
        resource_type: 'channel',
        resource_id: id,
        detail: { name: stored.name, type: stored.type },
      },
    ];
  });
}

/** The monitor a test message talks about. */
export const SAMPLE_MONITOR = { id: 0, name: 'Sample monitor', url: 'https://example.com/health' };

/**
 * Sends a `test` event through the outbox and the channel's provider, at once. Throws a 502
 * problem carrying the provider's answer when it fails.
 */
export async function testChannel(ctx: ChannelsDeps, req: FastifyRequest, id: number): Promise<{ ok: true }> {
  await requireChannel(ctx.db, id);
  const payload: NotificationPayload = {
    event: 'test',
    monitor: SAMPLE_MONITOR,
    incident: null,
    result: null,
    at: new Date().toISOString(),
  };
  const { outcome } = await ctx.outbox.sendNow(id, payload, oneOffKey('test'));
  await audited(ctx, req, async () => [
    null,
    {
      action: 'channel.test',
      resource_type: 'channel',
      resource_id: id,
      detail: { ok: outcome.ok, http_status: outcome.status },
    },
  ]);
  if (!outcome.ok) {
    throw errors.delivery_failed(`The provider did not accept the test message: ${outcome.error}`, {
      extra: { provider_status: outcome.status, provider_error: outcome.error },
    });
  }
  return { ok: true };
}

/** The delivery attempts of a channel, newest first. */
export async function listDeliveries(ctx: ChannelsDeps, id: number, limit: number, beforeId?: number) {
  await requireChannel(ctx.db, id);
  const rows = await outboxRepo.deliveries(ctx.db, id, limit, beforeId);
  return rows.map((r) => ({
    id: r.id,
    notification_id: r.outbox_id,
    event: r.event,
    attempt: r.attempt,
    status: r.status,
    will_retry: r.will_retry === 1,
    http_status: r.http_status,
    error: r.error,
    duration_ms: r.duration_ms,
    at: new Date(r.at).toISOString(),
  }));
}

/**
 * Attaches a channel to every monitor that does not have it yet, in one transaction, with one
 * audit entry carrying the count and the monitors (docs/notifications.md).
 */
export async function applyChannelToAll(ctx: ChannelsDeps, req: FastifyRequest, id: number) {
  return audited(ctx, req, async (trx) => {
    const stored = await requireChannel(trx, id);
    const added = await channelsRepo.attachToAll(trx, id);
    return [
      { channel_id: id, added: added.length, monitor_ids: added },
      {
        action: 'channel.apply_to_all',
        resource_type: 'channel',
        resource_id: id,
        detail: { name: stored.name, added: added.length, monitor_ids: added },
      },
    ];
  });
}
