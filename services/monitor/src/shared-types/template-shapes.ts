// A channel's message templates as the template endpoints answer them (issue 14).
import { type Static, Type } from 'typebox';
import { ConfigKey, IsoDateTime } from './schema-parts.js';

export const TemplateEventName = Type.Union(
  [
    Type.Literal('down'),
    Type.Literal('up'),
    Type.Literal('degraded'),
    Type.Literal('tls'),
    Type.Literal('escalation'),
  ],
  { description: 'monitor.down, monitor.up, monitor.degraded, monitor.tls_expiring, monitor.escalated' },
);
export const MessageTemplate = Type.Object({
  event: TemplateEventName,
  title: Type.String(),
  body: Type.String(),
  custom: Type.Boolean({ description: 'false: the built-in message (what is sent without a template)' }),
  config_key: ConfigKey,
  updated_at: Type.Union([IsoDateTime, Type.Null()]),
});
export const TemplateVariable = Type.Object({
  name: Type.String(),
  description: Type.String(),
  list: Type.Boolean(),
});

export type TemplateEvent = Static<typeof TemplateEventName>;
export type MessageTemplate = Static<typeof MessageTemplate>;
export type TemplateVariable = Static<typeof TemplateVariable>;
