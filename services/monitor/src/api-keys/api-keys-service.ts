import type { FastifyRequest } from 'fastify';
import { audited } from '../audit/audit.js';
import type { Principal } from '../auth/principal.js';
import { newApiKey } from '../auth/secrets.js';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { type ApiKeyRow, apiKeysRepo } from '../store/repos/api-keys-repo.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The listed shape of a key: the prefix helps people recognise it, the secret never leaves. */
export function toApiKeyView(k: ApiKeyRow) {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    user_id: k.user_id,
    created_at: iso(k.created_at)!,
    last_used_at: iso(k.last_used_at),
    expires_at: iso(k.expires_at),
  };
}

/** Creates a key for the caller; the raw key exists only in this return value. */
export async function createApiKey(
  ctx: AppContext,
  req: FastifyRequest,
  owner: Principal,
  name: string,
  expiresAt?: string | null,
) {
  const expires = expiresAt ? Date.parse(expiresAt) : null;
  if (expires !== null && expires <= Date.now()) {
    throw errors.validation_failed('expires_at must be in the future.', {
      errors: [{ path: 'expires_at', message: 'must be in the future' }],
    });
  }
  const key = newApiKey();
  return audited(ctx, req, async (trx) => {
    const row = await apiKeysRepo.insert(trx, {
      user_id: owner.userId,
      name,
      prefix: key.prefix,
      key_hash: key.hash,
      created_at: Date.now(),
      expires_at: expires,
      last_used_at: null,
      revoked_at: null,
    });
    const view = { ...toApiKeyView(row), raw_key: key.raw };
    return [
      view,
      { action: 'api_key.create', resource_type: 'api_key', resource_id: row.id, detail: { name } },
    ];
  });
}

/** Active keys: the caller's own, or everyone's for a superadmin asking for all. */
export async function listApiKeys(ctx: AppContext, caller: Principal, all: boolean) {
  const rows = await apiKeysRepo.listActive(
    ctx.db,
    all && caller.role === 'superadmin' ? null : caller.userId,
  );
  return rows.map(toApiKeyView);
}

/** Revokes a key; admins may revoke their own, a superadmin any. Revoked keys answer 401 at once. */
export async function revokeApiKey(ctx: AppContext, req: FastifyRequest, caller: Principal, id: number) {
  await audited(ctx, req, async (trx) => {
    const row = await apiKeysRepo.byId(trx, id);
    if (!row || row.revoked_at !== null || (row.user_id !== caller.userId && caller.role !== 'superadmin')) {
      throw errors.not_found(`API key ${id} does not exist.`);
    }
    await apiKeysRepo.revoke(trx, id, Date.now());
    return [
      null,
      { action: 'api_key.revoke', resource_type: 'api_key', resource_id: id, detail: { name: row.name } },
    ];
  });
}
