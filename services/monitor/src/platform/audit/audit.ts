import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { auditRepo } from '../../store/repos/audit-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';

/** What audited() uses: the database it opens the transaction on. */
export interface AuditDeps {
  db: Kysely<MonitorDB>;
}

export interface AuditEntry {
  action: string;
  resource_type?: string | null;
  resource_id?: string | number | null;
  detail?: unknown;
}

const SECRET_KEY_PATTERN =
  /pass(word)?|secret|token|api[-_]?key|authorization|cookie|raw_key|private|credential/i;
// `scheme://user:password@` in any text: the password goes.
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^/?#:@\s]*:)[^/?#@\s]+@/gi;

/**
 * Replaces the values of secret-looking keys, at any depth, and URL passwords inside texts, so the
 * audit log never stores them. Services already write masked details; this is the safety net.
 */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(URL_PASSWORD, '$1***@');
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_KEY_PATTERN.test(k) && v !== null && v !== undefined ? '***' : redact(v);
    }
    return out;
  }
  return value;
}

/** Writes one audit entry for `req` (or the system when null) on `db`, which should be the caller's transaction. */
export async function writeAudit(db: Db, req: FastifyRequest | null, entry: AuditEntry, at = Date.now()) {
  const p = req?.principal ?? null;
  await auditRepo.insert(db, {
    at,
    actor_type: p ? p.kind : req ? 'anonymous' : 'system',
    actor_id: p ? (p.kind === 'api_key' ? p.apiKeyId : p.userId) : null,
    actor_name: p ? (p.kind === 'api_key' ? `${p.username}/${p.apiKeyName}` : p.username) : null,
    action: entry.action,
    resource_type: entry.resource_type ?? null,
    resource_id:
      entry.resource_id === null || entry.resource_id === undefined ? null : String(entry.resource_id),
    ip: req?.ip ?? null,
    detail: entry.detail === undefined ? null : JSON.stringify(redact(entry.detail)),
  });
}

/**
 * Runs a state change and its audit entry in one transaction: both land or neither does.
 * `work` returns its result and the entry describing it.
 */
export function audited<T>(
  deps: AuditDeps,
  req: FastifyRequest | null,
  work: (trx: Db) => Promise<[T, AuditEntry]>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    const [result, entry] = await work(trx);
    await writeAudit(trx, req, entry);
    return result;
  });
}
