import { MONITOR_CHANGED_EVENT } from './monitor-changed-event.js';
import { SESSIONS_ENDED_EVENT } from './sessions-ended-event.js';

/**
 * Events that travel on the bus (and between instances) for the server's own listeners, such as
 * the probe streams, and are not sent on the dashboard's stream.
 */
export const INTERNAL_EVENTS: ReadonlySet<string> = new Set([MONITOR_CHANGED_EVENT, SESSIONS_ENDED_EVENT]);
