import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import type { Principal } from '../../identity/auth/principal.js';
import { audited } from '../../platform/audit/audit.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { dependenciesRepo } from '../../store/repos/dependencies-repo.js';
import { incidentUpdatesRepo } from '../../store/repos/incident-updates-repo.js';
import { incidentsRepo } from '../../store/repos/incidents-repo.js';
import type { Db, IncidentUpdateStatus, MonitorDB } from '../../store/schema.js';
import { notifySubscribers } from '../subscriptions/notify-subscribers.js';
import { type IncidentDetail, toIncidentDetail } from './incident-view.js';

/** What this module uses of the service (AppContext satisfies it; the routes pass theirs). */
export interface IncidentsDeps {
  db: Kysely<MonitorDB>;
  bus: Pick<EventBus, 'publish'>;
  /** Subscriber mail is queued with the outbox's attempts and delivered at once (kick). */
  outbox: { readonly maxAttempts: number; kick(): void };
}

/** What a manual resolve writes on the timeline when the admin gives no message. */
export const DEFAULT_RESOLVED_MESSAGE = 'This incident has been resolved.';

async function detailOf(db: Db, id: number): Promise<IncidentDetail> {
  const row = await incidentsRepo.byId(db, id);
  if (!row) throw errors.not_found(`Incident ${id} does not exist.`);
  const affected = (await dependenciesRepo.affectedOf(db, [id])).get(id) ?? [];
  return toIncidentDetail(row, await incidentUpdatesRepo.forIncident(db, id), Date.now(), affected);
}

export function getIncident(ctx: IncidentsDeps, id: number): Promise<IncidentDetail> {
  return detailOf(ctx.db, id);
}

const blank = (path: string, text: string | undefined) => {
  if (text !== undefined && text.trim() === '') {
    throw errors.validation_failed(`${path} must not be blank.`, {
      errors: [{ path, message: 'must not be blank' }],
    });
  }
};

/**
 * Marks an open incident as seen by a person. Acknowledging twice changes nothing (200 again);
 * a resolved incident cannot be acknowledged (409).
 */
export async function acknowledgeIncident(
  ctx: IncidentsDeps,
  req: FastifyRequest,
  who: Principal,
  id: number,
) {
  const result = await audited(ctx, req, async (trx) => {
    const row = await incidentsRepo.byId(trx, id);
    if (!row) throw errors.not_found(`Incident ${id} does not exist.`);
    if (row.status === 'resolved')
      throw errors.conflict(`Incident ${id} is resolved; there is nothing to acknowledge.`);
    const changed = row.status === 'open';
    if (changed) await incidentsRepo.acknowledge(trx, id, who.userId, who.username, Date.now());
    const view = await detailOf(trx, id);
    return [
      { view, changed },
      { action: 'incident.acknowledge', resource_type: 'incident', resource_id: id },
    ];
  });
  if (result.changed) ctx.bus.publish('incident.acknowledged', result.view);
  return result.view;
}

/**
 * Resolves by hand inside `trx`: the incident, who did it, and a `resolved` entry on the timeline;
 * subscribers get one "resolved" mail carrying the message. Channels are not told: the monitor
 * did not recover, and its next failed check opens a new incident (which does alert).
 */
async function resolveInside(
  ctx: IncidentsDeps,
  trx: Db,
  who: Principal,
  id: number,
  message: string,
  postmortem: string | undefined,
) {
  const now = Date.now();
  const row = await incidentsRepo.resolveBy(trx, id, now, who.userId, who.username, postmortem);
  if (!row) throw errors.conflict(`Incident ${id} is already resolved.`);
  const update = await incidentUpdatesRepo.insert(trx, {
    incident_id: id,
    status: 'resolved',
    message,
    author_id: who.userId,
    author_name: who.username,
    created_at: now,
  });
  await notifySubscribers(trx, ctx, {
    kind: 'incident_resolved',
    incidentId: id,
    monitorId: row.monitor_id,
    at: now,
    message,
  });
  return update;
}

function publish(ctx: IncidentsDeps, view: IncidentDetail, resolved: boolean) {
  ctx.bus.publish('incident.updated', view);
  if (resolved) ctx.bus.publish('incident.resolved', view);
  ctx.outbox.kick();
}

/**
 * Adds an entry to the incident's public timeline. `resolved` on an unresolved incident resolves
 * it (as POST …/resolve would); on a resolved incident only `resolved` entries (follow-ups) are
 * taken, since it cannot be reopened (409).
 */
export async function addIncidentUpdate(
  ctx: IncidentsDeps,
  req: FastifyRequest,
  who: Principal,
  id: number,
  body: { status: IncidentUpdateStatus; message: string },
): Promise<IncidentDetail> {
  blank('message', body.message);
  const message = body.message.trim();
  const result = await audited(ctx, req, async (trx) => {
    const row = await incidentsRepo.byId(trx, id);
    if (!row) throw errors.not_found(`Incident ${id} does not exist.`);
    const wasOpen = row.resolved_at === null;
    if (!wasOpen && body.status !== 'resolved') {
      throw errors.conflict(
        `Incident ${id} is resolved; only a follow-up with status "resolved" can be added.`,
      );
    }
    let updateId: number;
    if (wasOpen && body.status === 'resolved') {
      updateId = (await resolveInside(ctx, trx, who, id, message, undefined)).id;
    } else {
      const update = await incidentUpdatesRepo.insert(trx, {
        incident_id: id,
        status: body.status,
        message,
        author_id: who.userId,
        author_name: who.username,
        created_at: Date.now(),
      });
      updateId = update.id;
      await notifySubscribers(trx, ctx, {
        kind: 'incident_update',
        incidentId: id,
        monitorId: row.monitor_id,
        updateId,
        status: body.status,
        message,
        at: update.created_at,
      });
    }
    const view = await detailOf(trx, id);
    const resolved = wasOpen && body.status === 'resolved';
    return [
      { view, resolved },
      {
        action: 'incident.update',
        resource_type: 'incident',
        resource_id: id,
        detail: { update_id: updateId, status: body.status, resolved },
      },
    ];
  });
  publish(ctx, result.view, result.resolved);
  return result.view;
}

/** Resolves an unresolved incident by hand (409 when it is resolved already). */
export async function resolveIncident(
  ctx: IncidentsDeps,
  req: FastifyRequest,
  who: Principal,
  id: number,
  body: { message?: string; postmortem?: string },
): Promise<IncidentDetail> {
  blank('message', body.message);
  blank('postmortem', body.postmortem);
  const view = await audited(ctx, req, async (trx) => {
    const row = await incidentsRepo.byId(trx, id);
    if (!row) throw errors.not_found(`Incident ${id} does not exist.`);
    if (row.resolved_at !== null) throw errors.conflict(`Incident ${id} is already resolved.`);
    const message = body.message?.trim() ?? DEFAULT_RESOLVED_MESSAGE;
    await resolveInside(ctx, trx, who, id, message, body.postmortem?.trim());
    return [
      await detailOf(trx, id),
      {
        action: 'incident.resolve',
        resource_type: 'incident',
        resource_id: id,
        detail: { postmortem: body.postmortem !== undefined },
      },
    ];
  });
  publish(ctx, view, true);
  return view;
}

/** Writes, replaces or (with null) removes the postmortem, at any time. */
export async function setPostmortem(
  ctx: IncidentsDeps,
  req: FastifyRequest,
  id: number,
  postmortem: string | null,
): Promise<IncidentDetail> {
  blank('postmortem', postmortem ?? undefined);
  const view = await audited(ctx, req, async (trx) => {
    const row = await incidentsRepo.byId(trx, id);
    if (!row) throw errors.not_found(`Incident ${id} does not exist.`);
    await incidentsRepo.setPostmortem(trx, id, postmortem === null ? null : postmortem.trim());
    return [
      await detailOf(trx, id),
      {
        action: 'incident.postmortem',
        resource_type: 'incident',
        resource_id: id,
        detail: { removed: postmortem === null },
      },
    ];
  });
  ctx.bus.publish('incident.updated', view);
  return view;
}
