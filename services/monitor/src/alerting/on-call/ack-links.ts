import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { ackLinksRepo } from '../../store/repos/ack-links-repo.js';
import { incidentsRepo } from '../../store/repos/incidents-repo.js';
import type { Db } from '../../store/schema.js';
import { getIncident, type IncidentsDeps } from '../incidents/incidents-service.js';
import { ackSignature as sign } from '../notify/ack-url.js';

/** Stores a new link for `userId` to acknowledge `incidentId`; returns its nonce. */
export async function issueAckLink(
  trx: Db,
  incidentId: number,
  userId: number,
  now: number,
): Promise<string> {
  const nonce = randomBytes(18).toString('base64url');
  await ackLinksRepo.insert(trx, {
    nonce,
    incident_id: incidentId,
    user_id: userId,
    expires_at: null,
    used_at: null,
    created_at: now,
  });
  return nonce;
}

function nonceOf(key: Buffer, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const nonce = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const want = Buffer.from(sign(key, nonce));
  return given.length === want.length && timingSafeEqual(given, want) ? nonce : null;
}

/** Why a link cannot be used, in words a person reads on the page. */
function unusable(link: Awaited<ReturnType<typeof ackLinksRepo.byNonce>>, now: number): string | null {
  if (!link) return 'This link is not valid.';
  if (link.used_at !== null) return 'This link was used already: each acknowledgement link works once.';
  if (link.incident_status === 'resolved') return 'This link expired: the incident is resolved.';
  if (link.expires_at !== null && link.expires_at <= now) return 'This link expired.';
  return null;
}

export interface AckLinkDeps extends IncidentsDeps {
  keys: { onCall: Buffer };
}

/** What the page behind a link shows before the POST; throws 410 when the link cannot be used. */
export async function ackLinkTarget(ctx: AckLinkDeps, token: string) {
  const nonce = nonceOf(ctx.keys.onCall, token);
  const link = nonce ? await ackLinksRepo.byNonce(ctx.db, nonce) : undefined;
  const why = unusable(link, Date.now());
  if (why || !link) throw errors.ack_link_invalid(why ?? 'This link is not valid.');
  return {
    incident_id: Number(link.incident_id),
    username: link.username,
    monitor: await ackLinksRepo.monitorName(ctx.db, Number(link.monitor_id)),
  };
}

/**
 * Acknowledges the link's incident as its person, and spends the link, in one transaction. A
 * second use, a link of a resolved incident, or a forged token is a 410 `ack_link_invalid`. An
 * incident someone acknowledged already stays theirs; the link is spent all the same.
 */
export async function acknowledgeByLink(ctx: AckLinkDeps, req: FastifyRequest, token: string) {
  const nonce = nonceOf(ctx.keys.onCall, token);
  const now = Date.now();
  const result = await audited(ctx, req, async (trx) => {
    const link = nonce ? await ackLinksRepo.byNonce(trx, nonce) : undefined;
    const why = unusable(link, now);
    if (why || !link || !nonce) throw errors.ack_link_invalid(why ?? 'This link is not valid.');
    if (!(await ackLinksRepo.spend(trx, nonce, now)))
      throw errors.ack_link_invalid('This link was used already: each acknowledgement link works once.');
    const id = Number(link.incident_id);
    const changed = link.incident_status === 'open';
    if (changed) await incidentsRepo.acknowledge(trx, id, Number(link.user_id), link.username, now);
    const row = await incidentsRepo.byId(trx, id);
    return [
      { incident_id: id, acknowledged_by: row?.acknowledged_by_name ?? null, changed },
      {
        action: 'incident.acknowledge',
        resource_type: 'incident',
        resource_id: id,
        detail: { via: 'ack_link', user_id: Number(link.user_id), username: link.username, changed },
      },
    ];
  });
  if (result.changed) ctx.bus.publish('incident.acknowledged', await getIncident(ctx, result.incident_id));
  return { incident_id: result.incident_id, acknowledged_by: result.acknowledged_by };
}
