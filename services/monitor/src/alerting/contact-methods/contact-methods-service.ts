import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import type { Principal } from '../../identity/auth/principal.js';
import { audited } from '../../platform/audit/audit.js';
import { iso } from '../../platform/http/schemas.js';
import type { SettingsStore } from '../../platform/settings/settings-store.js';
import { type ChannelRow, channelsRepo } from '../../store/repos/channels-repo.js';
import { contactMethodsRepo } from '../../store/repos/contact-methods-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import { type ChannelConfig, maskConfig, resolveConfig, sealConfig } from '../channels/channel-config.js';
import { oneOffKey } from '../notify/enqueue.js';
import type { ChannelType } from '../notify/providers/index.js';
import type { DeliveryOutcome, NotificationPayload } from '../notify/types.js';
import { sendDirect } from './direct-send.js';
import { CODE_TTL_MS, codeHash, codeMatches, MAX_CODE_ATTEMPTS, newCode } from './verification-code.js';

/** What this module uses of the service (AppContext satisfies it). */
export interface ContactMethodsDeps {
  db: Kysely<MonitorDB>;
  keys: { encryption: Buffer; onCall: Buffer };
  settings: Pick<SettingsStore, 'get'>;
  outbox: {
    sendNow(
      channelId: number,
      payload: NotificationPayload,
      dedupKey: string,
    ): Promise<{ outcome: DeliveryOutcome }>;
  };
}

export interface ContactMethodInput {
  label: string;
  type: ChannelType;
  config: ChannelConfig;
}

/** The stored channel name of a personal method: unique per owner and label, never shown as a team channel. */
const storedName = (userId: number, label: string) => `@user:${userId}/${label}`;
const labelOf = (row: ChannelRow) => row.name.slice(row.name.indexOf('/') + 1);

export function toContactMethodView(row: ChannelRow) {
  return {
    id: Number(row.id),
    user_id: Number(row.owner_user_id),
    label: labelOf(row),
    type: row.type,
    config: maskConfig(row.type as ChannelType, row.config),
    verified: row.verified_at !== null,
    verified_at: row.verified_at === null ? null : iso(Number(row.verified_at)),
    created_at: iso(row.created_at),
  };
}

async function requireMine(db: Db, who: Principal, id: number) {
  const row = await contactMethodsRepo.byIdOf(db, who.userId, id);
  if (!row) throw errors.not_found(`Contact method ${id} does not exist.`);
  return row;
}

export async function listContactMethods(ctx: ContactMethodsDeps, who: Principal) {
  return (await contactMethodsRepo.ofUser(ctx.db, who.userId)).map(toContactMethodView);
}

/** Sends a fresh code through the method; the hash replaces any earlier one. */
async function sendCode(ctx: ContactMethodsDeps, row: ChannelRow) {
  const code = newCode();
  await contactMethodsRepo.setVerification(
    ctx.db,
    Number(row.id),
    codeHash(ctx.keys.onCall, Number(row.id), code),
    Date.now() + CODE_TTL_MS,
  );
  const outcome = await sendDirect(ctx, row, {
    title: 'Verification code',
    text: `Your verification code is ${code}. It expires in 15 minutes.`,
  });
  return outcome.ok ? { sent: true, error: null } : { sent: false, error: outcome.error };
}

/**
 * Adds a method to the caller's own list, unverified (so never paged), and sends its code.
 * A method the provider refused stays, unverified: the answer says why and a resend can follow.
 */
export async function createContactMethod(
  ctx: ContactMethodsDeps,
  req: FastifyRequest,
  who: Principal,
  input: ContactMethodInput,
) {
  const label = input.label.trim();
  const { config, problems } = resolveConfig(ctx.keys.encryption, input.type, input.config, null);
  if (problems.length > 0) {
    throw errors.validation_failed(
      `The ${input.type} contact method is invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      { errors: problems },
    );
  }
  const row = await audited(ctx, req, async (trx) => {
    if (await channelsRepo.byName(trx, storedName(who.userId, label)))
      throw errors.conflict(`You already have a contact method labelled "${label}".`);
    const now = Date.now();
    const created = await channelsRepo.insert(trx, {
      name: storedName(who.userId, label),
      type: input.type,
      config: sealConfig(ctx.keys.encryption, input.type, config),
      is_enabled: 0,
      owner_user_id: who.userId,
      verified_at: null,
      created_at: now,
      updated_at: now,
    });
    return [
      created,
      {
        action: 'contact_method.create',
        resource_type: 'contact_method',
        resource_id: Number(created.id),
        detail: { label, type: input.type, config: maskConfig(input.type, created.config) },
      },
    ];
  });
  return { ...toContactMethodView(row), verification: await sendCode(ctx, row) };
}

export async function resendCode(ctx: ContactMethodsDeps, who: Principal, id: number) {
  const row = await requireMine(ctx.db, who, id);
  if (row.verified_at !== null) throw errors.conflict(`Contact method ${id} is already verified.`);
  return sendCode(ctx, row);
}

/** Checks the code; the fifth wrong one (or an expired code) needs a new code to be sent. */
export async function verifyContactMethod(
  ctx: ContactMethodsDeps,
  req: FastifyRequest,
  who: Principal,
  id: number,
  code: string,
) {
  const row = await requireMine(ctx.db, who, id);
  if (row.verified_at !== null) return toContactMethodView(row);
  const pending = await contactMethodsRepo.verification(ctx.db, id);
  const fail = (message: string) =>
    errors.verification_failed(message, { errors: [{ path: 'code', message }] });
  if (!pending || pending.expires_at <= Date.now() || pending.attempts >= MAX_CODE_ATTEMPTS)
    throw fail('no usable code: send a new one');
  if (!codeMatches(ctx.keys.onCall, id, code.trim(), pending.code_hash)) {
    await contactMethodsRepo.countAttempt(ctx.db, id);
    throw fail('the code is wrong');
  }
  await audited(ctx, req, async (trx) => {
    await contactMethodsRepo.markVerified(trx, id, Date.now());
    await contactMethodsRepo.clearVerification(trx, id);
    return [null, { action: 'contact_method.verify', resource_type: 'contact_method', resource_id: id }];
  });
  return toContactMethodView(await requireMine(ctx.db, who, id));
}

/** A test message through the outbox, as a channel's test; only a verified method can be tested. */
export async function testContactMethod(ctx: ContactMethodsDeps, who: Principal, id: number) {
  const row = await requireMine(ctx.db, who, id);
  if (row.verified_at === null) throw errors.conflict(`Contact method ${id} is not verified yet.`);
  const { outcome } = await ctx.outbox.sendNow(
    id,
    {
      event: 'test',
      monitor: { id: 0, name: 'Sample monitor', url: 'https://example.com/health' },
      incident: null,
      result: null,
      at: new Date().toISOString(),
    },
    oneOffKey('test'),
  );
  if (!outcome.ok) {
    throw errors.delivery_failed(`The provider did not accept the test message: ${outcome.error}`, {
      extra: { provider_status: outcome.status, provider_error: outcome.error },
    });
  }
  return { ok: true as const };
}

export async function deleteContactMethod(
  ctx: ContactMethodsDeps,
  req: FastifyRequest,
  who: Principal,
  id: number,
) {
  await audited(ctx, req, async (trx) => {
    const row = await requireMine(trx, who, id);
    await channelsRepo.remove(trx, id);
    return [
      null,
      {
        action: 'contact_method.delete',
        resource_type: 'contact_method',
        resource_id: id,
        detail: { label: labelOf(row), type: row.type },
      },
    ];
  });
}
