import type { TemplateEvent } from './template-events.js';

const TARGET = '{{monitor.name}}{{#monitor.url}} ({{monitor.url}}){{/monitor.url}}';
const WHY = '{{#reason}}: {{reason}}{{/reason}}';
const LINK = '{{#link}}\n{{link}}{{/link}}';

/**
 * The built-in messages written as templates: rendered, they give exactly the text channels get
 * without a template of their own (a unit test holds them to it), so an editor starts from them.
 */
export const DEFAULT_TEMPLATES: Record<TemplateEvent, { title: string; body: string }> = {
  down: {
    title: '[DOWN] {{monitor.name}}',
    body: `${TARGET} is down${WHY}{{#incident.locations}} (down from {{incident.locations}}){{/incident.locations}}.{{#affected}} {{summary}}.{{/affected}}${LINK}`,
  },
  up: {
    title: '[UP] {{monitor.name}}',
    body: `${TARGET} is up again{{#incident.duration}} after {{incident.duration}}{{/incident.duration}}.${LINK}`,
  },
  degraded: { title: '[DEGRADED] {{monitor.name}}', body: `${TARGET} is degraded${WHY}.${LINK}` },
  tls: {
    title: '[TLS] {{monitor.name}}',
    body: `The TLS certificate of ${TARGET} expires {{expires_in}}.${LINK}`,
  },
  escalation: {
    title: '[ESCALATED] {{monitor.name}}',
    body: `${TARGET} is still down and unacknowledged{{#escalation}} (escalation step {{step}} of {{steps}}){{/escalation}}${WHY}.${LINK}`,
  },
};
