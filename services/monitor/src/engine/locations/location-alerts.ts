import type { LocationStatus, LocationView } from '../../shared-types/location-shapes.js';
import type { Db } from '../../store/schema.js';

/**
 * Alerting's part of a status change, a port the composition root fills (server.ts): queues the
 * `location.offline`/`location.online` alerts in the transaction `trx` that changed the status.
 */
export interface LocationAlerts {
  queue(trx: Db, view: LocationView, to: LocationStatus, at: number): Promise<number>;
}
