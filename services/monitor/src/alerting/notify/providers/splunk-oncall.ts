import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { jsonFieldIs, postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, urlProblems } from './common.js';

const Schema = Type.Object(
  {
    rest_url: { ...HttpUrl, description: 'The REST endpoint URL, ending in /<api key>/<routing key>' },
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/**
 * Splunk On-Call (VictorOps) REST endpoint: `POST {message_type, entity_id, entity_display_name,
 * state_message}`; CRITICAL on down and escalations, RECOVERY on up (the same entity_id closes
 * the incident), INFO otherwise. It answers `{result: "success"}`.
 */
export const splunkOnCallProvider: Provider = {
  type: 'splunk_oncall',
  schema: Schema,
  secretFields: ['rest_url'],
  destinationFields: [],
  validate: (c) => urlProblems(c, ['rest_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const type =
      payload.event === 'monitor.up'
        ? 'RECOVERY'
        : m.severity === 'critical'
          ? 'CRITICAL'
          : m.severity === 'warning'
            ? 'WARNING'
            : 'INFO';
    const entity = payload.incident
      ? `monitor-${payload.monitor.id}-incident-${payload.incident.id}`
      : `monitor-${payload.monitor.id}-${payload.event}`;
    return postJson(
      c.rest_url,
      {
        message_type: type,
        entity_id: entity,
        entity_display_name: m.title,
        state_message: m.text,
        state_start_time: Math.floor(Date.parse(payload.at) / 1000),
        monitoring_tool: 'monitor-service',
      },
      ctx.timeoutMs,
      {},
      jsonFieldIs('result', 'success'),
    );
  },
};
