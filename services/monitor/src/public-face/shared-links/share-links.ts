import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited, writeAudit } from '../../platform/audit/audit.js';
import type { CreatedShareLink, ShareLink } from '../../shared-types/sla-report-shapes.js';
import { type ShareLinkRow, shareLinksRepo } from '../../store/repos/share-links-repo.js';
import type { MonitorDB } from '../../store/schema.js';

/**
 * A share link is a capability: whoever holds `/shared/{token}` may read that one report or monitor
 * view until it expires or is revoked, and nothing else. The token is 32 random bytes; only its
 * SHA-256 is stored (a database leak yields no working link); it is shown once, at creation.
 */
export const SHARE_TOKEN_PREFIX = 'mon_share_';
const DAY_MS = 86_400_000;

export interface ShareDeps {
  db: Kysely<MonitorDB>;
}

export type ShareTarget =
  | { kind: 'report'; query: Record<string, unknown> }
  | { kind: 'monitor'; monitor_id: number };

export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export function toShareLink(r: ShareLinkRow, createdBy: string | null, now = Date.now()): ShareLink {
  return {
    id: r.id,
    kind: r.kind,
    target: JSON.parse(r.target) as Record<string, unknown>,
    label: r.label,
    token_prefix: r.token_prefix,
    created_by: createdBy,
    created_at: iso(r.created_at)!,
    expires_at: iso(r.expires_at)!,
    revoked_at: iso(r.revoked_at),
    last_used_at: iso(r.last_used_at),
    use_count: r.use_count,
    state: r.revoked_at !== null ? 'revoked' : r.expires_at <= now ? 'expired' : 'active',
  };
}

/** Creates a link (audited); the answer's `path` carries the token, never stored nor shown again. */
export async function createShareLink(
  deps: ShareDeps,
  req: FastifyRequest,
  target: ShareTarget,
  opts: { label?: string | null; expiresInDays: number; userId: number | null; username: string | null },
  now = Date.now(),
): Promise<CreatedShareLink> {
  if (target.kind === 'monitor') {
    const exists = await deps.db
      .selectFrom('monitors')
      .select('id')
      .where('id', '=', target.monitor_id)
      .executeTakeFirst();
    if (!exists) throw errors.not_found(`Monitor ${target.monitor_id} does not exist.`);
  }
  const token = `${SHARE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await audited(deps, req, async (trx) => {
    const r = await shareLinksRepo.insert(trx, {
      token_hash: hashShareToken(token),
      token_prefix: token.slice(0, SHARE_TOKEN_PREFIX.length + 6),
      kind: target.kind,
      target: JSON.stringify(target.kind === 'report' ? target.query : { monitor_id: target.monitor_id }),
      label: opts.label ?? null,
      created_by: opts.userId,
      created_at: now,
      expires_at: now + opts.expiresInDays * DAY_MS,
      revoked_at: null,
      last_used_at: null,
    });
    return [
      r,
      {
        action: 'share_link.create',
        resource_type: 'share_link',
        resource_id: r.id,
        detail: { kind: r.kind, target: JSON.parse(r.target), expires_at: iso(r.expires_at) },
      },
    ];
  });
  return { ...toShareLink(row, opts.username, now), path: `/shared/${token}` };
}

export async function listShareLinks(deps: ShareDeps) {
  const now = Date.now();
  return (await shareLinksRepo.list(deps.db)).map((r) => toShareLink(r, r.created_by_username, now));
}

/** Revokes a link at once (audited); revoking one already revoked is a 409. */
export async function revokeShareLink(deps: ShareDeps, req: FastifyRequest, id: number) {
  return audited(deps, req, async (trx) => {
    const r = await shareLinksRepo.revoke(trx, id, Date.now());
    if (!r) {
      if (await shareLinksRepo.byId(trx, id))
        throw errors.share_link_revoked(`Share link ${id} is already revoked.`);
      throw errors.not_found(`Share link ${id} does not exist.`);
    }
    return [
      toShareLink(r, await shareLinksRepo.creatorName(trx, r.created_by)),
      { action: 'share_link.revoke', resource_type: 'share_link', resource_id: id },
    ];
  });
}

/**
 * The link a token opens, counted and audited as a view; null for an unknown, revoked or expired
 * token: all three get the same 404, so the answer tells a guesser nothing.
 */
export async function openShareLink(deps: ShareDeps, req: FastifyRequest, token: string, now = Date.now()) {
  if (!token.startsWith(SHARE_TOKEN_PREFIX) || token.length > 100) return null;
  const row = await shareLinksRepo.byHash(deps.db, hashShareToken(token));
  if (!row || row.revoked_at !== null || row.expires_at <= now) {
    if (row) {
      await writeAudit(deps.db, req, {
        action: 'share_link.refused',
        resource_type: 'share_link',
        resource_id: row.id,
        detail: { reason: row.revoked_at !== null ? 'revoked' : 'expired' },
      });
    }
    return null;
  }
  await shareLinksRepo.markUsed(deps.db, row.id, now);
  await writeAudit(deps.db, req, {
    action: 'share_link.view',
    resource_type: 'share_link',
    resource_id: row.id,
  });
  // Who created it is no business of the anonymous viewer (nor is it read: one query less).
  return toShareLink(row, null, now);
}
