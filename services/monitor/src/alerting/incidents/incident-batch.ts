import type { IncidentRow } from '../../store/repos/incidents-repo.js';
import type { Db } from '../../store/schema.js';
import type { IncidentView } from './incident-view.js';

export interface IncidentEvent {
  name: 'incident.opened' | 'incident.resolved';
  data: IncidentView;
}

export interface NotifyDeps {
  outbox: { readonly maxAttempts: number };
}

/** What one batch of results shares while its incidents are opened and resolved. */
export interface IncidentBatch {
  trx: Db;
  deps: NotifyDeps;
  /** The unresolved incident of each monitor that changed state, kept current as the batch goes. */
  open: Map<number, IncidentRow>;
  /** A monitor's own alert channels, read once per batch. */
  channelsOf(monitorId: number): Promise<number[]>;
  /** Events to publish after commit. */
  events: IncidentEvent[];
}

/** The columns of a monitor the rules read. */
export interface MonitorFacts {
  id: number;
  name: string;
  url: string | null;
  tls_warn_days: number;
  tls_warned_threshold: number | null;
  degraded_response_ms: number | null;
}
