import type { NotifyEvent } from '../notify/types.js';

/** The events a channel may have its own template for, by the short name the API uses. */
export const TEMPLATE_EVENTS = {
  down: 'monitor.down',
  up: 'monitor.up',
  degraded: 'monitor.degraded',
  tls: 'monitor.tls_expiring',
  escalation: 'monitor.escalated',
} as const satisfies Record<string, NotifyEvent>;

export type TemplateEvent = keyof typeof TEMPLATE_EVENTS;
export const TEMPLATE_EVENT_NAMES = Object.keys(TEMPLATE_EVENTS) as TemplateEvent[];

/** The short name of a notify event, or null for events without templates (test, subscriber mail). */
export function templateEventOf(event: string): TemplateEvent | null {
  for (const name of TEMPLATE_EVENT_NAMES) if (TEMPLATE_EVENTS[name] === event) return name;
  return null;
}
