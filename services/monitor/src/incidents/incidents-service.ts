import type { FastifyRequest } from 'fastify';
import { audited } from '../audit/audit.js';
import type { Principal } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { incidentsRepo } from '../store/repos/incidents-repo.js';
import { toIncidentView } from './incident-view.js';

export async function getIncident(ctx: AppContext, id: number) {
  const row = await incidentsRepo.byId(ctx.db, id);
  if (!row) throw errors.not_found(`Incident ${id} does not exist.`);
  return toIncidentView(row);
}

/**
 * Marks an open incident as seen by a person. Acknowledging twice changes nothing (200 again);
 * a resolved incident cannot be acknowledged (409).
 */
export async function acknowledgeIncident(ctx: AppContext, req: FastifyRequest, who: Principal, id: number) {
  const result = await audited(ctx, req, async (trx) => {
    const row = await incidentsRepo.byId(trx, id);
    if (!row) throw errors.not_found(`Incident ${id} does not exist.`);
    if (row.status === 'resolved')
      throw errors.conflict(`Incident ${id} is resolved; there is nothing to acknowledge.`);
    const changed = row.status === 'open';
    if (changed) await incidentsRepo.acknowledge(trx, id, who.userId, who.username, Date.now());
    const view = toIncidentView((await incidentsRepo.byId(trx, id))!);
    return [
      { view, changed },
      { action: 'incident.acknowledge', resource_type: 'incident', resource_id: id },
    ];
  });
  if (result.changed) ctx.bus.publish('incident.acknowledged', result.view);
  return result.view;
}
