import type { NotificationPayload } from '../notify/types.js';
import { TEMPLATE_EVENTS, type TemplateEvent } from './template-events.js';

/** A made-up notification of each event, for the template preview. */
export function samplePayload(event: TemplateEvent, now = Date.now()): NotificationPayload {
  const started = new Date(now - 754_000).toISOString();
  const at = new Date(now).toISOString();
  const monitor = { id: 42, name: 'Checkout API', url: 'https://shop.example.com/health?deep=1&full=1' };
  const down = {
    status: 'down',
    status_code: 503,
    response_time_ms: 212,
    error: 'HTTP 503 Service Unavailable',
    tls_days_left: null,
    checked_at: at,
  };
  const incident = {
    id: 7,
    status: event === 'up' ? 'resolved' : 'open',
    started_at: started,
    resolved_at: event === 'up' ? at : null,
    duration_seconds: 754,
    root_cause: 'HTTP 503 Service Unavailable',
    acknowledged_by: null,
  };
  const base = { event: TEMPLATE_EVENTS[event], monitor, at };
  switch (event) {
    case 'down':
      return {
        ...base,
        incident,
        result: down,
        affected: {
          count: 2,
          monitors: [
            { id: 43, name: 'Cart' },
            { id: 44, name: 'Payments' },
          ],
        },
      };
    case 'up':
      return {
        ...base,
        incident,
        result: { ...down, status: 'up', status_code: 200, error: null, response_time_ms: 87 },
      };
    case 'degraded':
      return {
        ...base,
        incident: { ...incident, root_cause: null },
        result: { ...down, status: 'up', status_code: 200, error: 'slow: 2450 ms', response_time_ms: 2450 },
      };
    case 'tls':
      return {
        ...base,
        incident: null,
        result: { ...down, status: 'up', status_code: 200, error: null, tls_days_left: 7 },
      };
    case 'escalation':
      return { ...base, incident, result: null, escalation: { step: 2, steps: 3, after_minutes: 15 } };
  }
}
