import { createHmac } from 'node:crypto';
import { type Static, Type } from 'typebox';
import { postToProvider } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

const Schema = Type.Object({ url: HttpUrl, secret: Type.Optional(Secret) }, { additionalProperties: false });
type Config = Static<typeof Schema>;

/** The HMAC-SHA256 signature header value of a raw body. */
export function webhookSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** A JSON POST of the payload itself, signed when a secret is set. */
export const webhookProvider: Provider = {
  type: 'webhook',
  schema: Schema,
  secretFields: ['secret'],
  destinationFields: ['url'],
  validate: (c) => urlProblems(c, ['url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const body = JSON.stringify({
      event: payload.event,
      monitor: payload.monitor,
      incident: payload.incident,
      result: payload.result,
      at: payload.at,
      // A down alert standing for its dependants (issue 14) says which.
      ...(payload.affected && { affected: payload.affected }),
      // A multi-location monitor's alert names the locations that saw it down (issue 13).
      ...(payload.locations && { locations: payload.locations }),
      // An escalation says which policy step it is: {step, steps, after_minutes} (docs/escalation.md).
      ...(payload.escalation && { escalation: payload.escalation }),
      // A location alert (issue 13) says which location.
      ...(payload.location && { location: payload.location }),
      // A page to a person (issue 33) carries their single-use acknowledgement link.
      ...(payload.ack_url && { ack_url: payload.ack_url }),
      // The flood guard's summary (issue 33): how many were held, and for which monitors.
      ...(payload.flood && { flood: payload.flood }),
      // Only with a template of the channel's own: the rendered title and text (docs/notifications.md).
      ...(ctx.custom && { message: { title: ctx.custom.title, text: ctx.custom.text } }),
    });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-monitor-event': payload.event,
      // Stable across retries: a receiver can drop the rare duplicate a crash after sending causes.
      'idempotency-key': ctx.idempotencyKey,
    };
    if (c.secret) headers['x-signature-256'] = webhookSignature(c.secret, body);
    return postToProvider(c.url, body, headers, ctx.timeoutMs);
  },
};
