import { amqpCheck } from './amqp.js';
import { browserCheck } from './browser.js';
import type { CheckType } from './check-type.js';
import { dnsCheck } from './dns.js';
import { grpcCheck } from './grpc.js';
import { heartbeatCheck } from './heartbeat.js';
import { httpCheck } from './http.js';
import { mqttCheck } from './mqtt.js';
import { multistepCheck } from './multistep.js';
import { mysqlCheck } from './mysql.js';
import { pingCheck } from './ping.js';
import { postgresCheck } from './postgres.js';
import { redisCheck } from './redis.js';
import { smtpCheck } from './smtp.js';
import { tcpCheck } from './tcp.js';
import { tlsCheck } from './tls.js';
import { websocketCheck } from './websocket.js';

/**
 * Every monitor type, by the name the API and the database use, with what its checker module
 * declares: the one list a new type is added to (CONTRIBUTING.md, "A new check type"). Dispatch
 * (runCheck), validation, field applicability, credential destinations and the API's enum of
 * `monitor_type` all read it. The order is the API schema's.
 */
export const CHECK_TYPES = {
  http_get: httpCheck,
  http_post: httpCheck,
  http_head: httpCheck,
  tcp: tcpCheck,
  dns: dnsCheck,
  tls: tlsCheck,
  ping: pingCheck,
  heartbeat: heartbeatCheck,
  postgres: postgresCheck,
  mysql: mysqlCheck,
  redis: redisCheck,
  smtp: smtpCheck,
  websocket: websocketCheck,
  grpc: grpcCheck,
  mqtt: mqttCheck,
  amqp: amqpCheck,
  multistep: multistepCheck,
  browser: browserCheck,
} satisfies Record<string, CheckType>;

/** Monitor types from the contract; `heartbeat` is push-based and never checked by runCheck. */
export type MonitorType = keyof typeof CHECK_TYPES;

/** The type names, in the registry's order. */
export const MONITOR_TYPES = Object.keys(CHECK_TYPES) as MonitorType[];

/** The type of that name, or undefined for a name that is none (text from a row or a request). */
export function checkTypeOf(name: string): CheckType | undefined {
  return Object.hasOwn(CHECK_TYPES, name) ? CHECK_TYPES[name as MonitorType] : undefined;
}
