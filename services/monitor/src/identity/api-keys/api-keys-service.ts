import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { type AuditDeps, audited } from '../../platform/audit/audit.js';
import { type ApiKeyRow, apiKeysRepo } from '../../store/repos/api-keys-repo.js';
import type { Principal } from '../auth/principal.js';
import { newApiKey } from '../auth/secrets.js';
import { announceSessionsEnded, type SessionsEndedDeps } from '../auth/sessions-ended.js';

/** What API keys use: the database, and the bus that ends the live streams of a revoked key. */
export type ApiKeysDeps = AuditDeps & SessionsEndedDeps;

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
  deps: ApiKeysDeps,
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
  return audited(deps, req, async (trx) => {
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
export async function listApiKeys(deps: ApiKeysDeps, caller: Principal, all: boolean) {
  const rows = await apiKeysRepo.listActive(
    deps.db,
    all && caller.role === 'superadmin' ? null : caller.userId,
  );
  return rows.map(toApiKeyView);
}

/** Revokes a key; admins may revoke their own, a superadmin any. Revoked keys answer 401 at once. */
export async function revokeApiKey(deps: ApiKeysDeps, req: FastifyRequest, caller: Principal, id: number) {
  const owner = await audited(deps, req, async (trx) => {
    const row = await apiKeysRepo.byId(trx, id);
    if (!row || row.revoked_at !== null || (row.user_id !== caller.userId && caller.role !== 'superadmin')) {
      throw errors.not_found(`API key ${id} does not exist.`);
    }
    await apiKeysRepo.revoke(trx, id, Date.now());
    return [
      row.user_id,
      { action: 'api_key.revoke', resource_type: 'api_key', resource_id: id, detail: { name: row.name } },
    ];
  });
  // The key's open streams end too (their owner's streams are checked; the sessions' stay).
  announceSessionsEnded(deps, owner);
}
