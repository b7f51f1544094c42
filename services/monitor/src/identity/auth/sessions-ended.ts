import type { EventBus } from '../../platform/events/event-bus.js';
import { SESSIONS_ENDED_EVENT, type SessionsEndedData } from '../../platform/events/sessions-ended-event.js';

/** What announcing ended sessions uses: the bus, which relays the event to every instance. */
export interface SessionsEndedDeps {
  bus: Pick<EventBus, 'publish'>;
}

/**
 * Tells every instance that sessions of `userId` ended; call it once the change is committed. The
 * live streams (identity/streams) listen and close those whose credentials no longer hold.
 */
export function announceSessionsEnded(deps: SessionsEndedDeps, userId: number): void {
  const data: SessionsEndedData = { user_id: userId };
  deps.bus.publish(SESSIONS_ENDED_EVENT, data);
}
