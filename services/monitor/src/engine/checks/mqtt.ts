import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import createDebug from 'debug';
import type { MqttClient } from 'mqtt';
import type { CheckSockets } from './check-sockets.js';
import type { CheckType } from './check-type.js';
import { type Deadline, raceAbort } from './deadline.js';
import { describeError, errorCode } from './errors.js';
import { notSpeaking, watchGreeting } from './greeting.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { checkLine, quote } from './service-fields.js';
import { credentialsOf, parseServiceUrl } from './service-url.js';
import type { CheckOutcome, CheckTarget } from './types.js';

/** The client library, loaded on the first check of the type (issue 29; see CheckType.library). */
const library = () => import('mqtt');

const SCHEMES = { mqtt: 1883, mqtts: 8883 };
// CONNACK codes for refused credentials: MQTT 3.1.1 (4 bad user name or password, 5 not authorized)
// and MQTT 5 (134, 135).
const AUTH_CODES = new Set([4, 5, 134, 135]);
const SUBACK_FAILURE = 128;
// A broker's first packet is CONNACK: type 2, no flags.
const CONNACK = 0x20;

// mqtt-packet's debug output (DEBUG=mqtt-packet:*, or DEBUG=*) writes every string of a CONNECT
// packet, the password included: whatever DEBUG asks for, that namespace stays off in this process.
const debugNamespaces = createDebug.disable();
createDebug.enable(debugNamespaces === '' ? '' : `${debugNamespaces},-mqtt-packet:*`);

/**
 * Connects to an MQTT broker (`mqtt://` or `mqtts://`); with `topic` set, subscribes to it, publishes
 * a unique message there and must receive it back before the deadline. The session is clean (nothing
 * stays on the broker) and never reconnects: one connection per check, closed after it.
 */
export async function checkMqtt(
  target: CheckTarget,
  deadline: Deadline,
  sockets: CheckSockets,
): Promise<CheckOutcome> {
  const where = parseServiceUrl(target.url ?? '', SCHEMES);
  if (typeof where === 'string') return downOutcome(`invalid url: ${where}`);
  const login = credentialsOf(target, where.url);
  const { connect } = await library();
  const start = performance.now();
  const client = connect({
    protocol: where.scheme === 'mqtts' ? 'mqtts' : 'mqtt',
    host: where.host,
    port: where.port,
    username: login.username || undefined,
    password: login.password || undefined,
    clientId: `uptime-check-${randomUUID()}`,
    clean: true,
    reconnectPeriod: 0,
    // The deadline bounds the check; mqtt.js' own CONNACK timer must not fire first.
    connectTimeout: deadline.timeoutMs + 1000,
    resubscribe: false,
    rejectUnauthorized: target.ignore_tls_errors !== true,
    // mqtt.js logs its options (user name included) through this when debugging is on: keep it silent.
    log: () => {},
  });
  // Errors after the outcome is known (e.g. the socket reset while closing) must not go unhandled.
  client.on('error', () => {});
  // mqtt.js made its connection in connect() (it never reconnects here): the check owns it from now on.
  const stream = sockets.own(client.stream as Duplex);
  const greeting = watchGreeting(stream, 1, (head) => head[0] === CONNACK);
  const onAbort = (): void => {
    client.end(true);
  };
  deadline.signal.addEventListener('abort', onAbort, { once: true });
  let phase: 'connect' | 'round trip' = 'connect';
  try {
    await connected(client, deadline);
    let responseTime = elapsedMs(start);
    const topic = target.topic;
    if (topic) {
      phase = 'round trip';
      const token = `uptime check ${randomUUID()}`;
      const received = new Promise<void>((resolve) => {
        client.on('message', (t, payload) => {
          if (t === topic && payload.toString('utf8') === token) resolve();
        });
      });
      const granted = await raceAbort(client.subscribeAsync(topic, { qos: 1 }), deadline.signal);
      if (granted.some((g) => g.qos === SUBACK_FAILURE)) {
        return downOutcome(`not authorized to subscribe to ${quote(topic)}`, {
          response_time_ms: elapsedMs(start),
        });
      }
      await raceAbort(client.publishAsync(topic, token, { qos: 1, retain: false }), deadline.signal);
      await raceAbort(received, deadline.signal);
      responseTime = elapsedMs(start);
    }
    return upOutcome({ response_time_ms: responseTime });
  } catch (err) {
    if (deadline.timedOut() && phase === 'round trip') {
      return downOutcome(`no message back on ${quote(target.topic ?? '')} within ${deadline.timeoutMs} ms`);
    }
    if (greeting.refused()) return downOutcome(notSpeaking('an MQTT broker'));
    if (
      !deadline.signal.aborted &&
      typeof codeOf(err) === 'number' &&
      AUTH_CODES.has(codeOf(err) as number)
    ) {
      return downOutcome('auth failed', { response_time_ms: elapsedMs(start) });
    }
    return downOutcome(describeError(err, deadline));
  } finally {
    deadline.signal.removeEventListener('abort', onAbort);
    await disconnect(client, deadline);
  }
}

function connected(client: MqttClient, deadline: Deadline): Promise<void> {
  return raceAbort(
    new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
      client.once('close', () => reject(new Error('connection closed by the broker')));
    }),
    deadline.signal,
  );
}

/** Sends DISCONNECT and waits for the socket to end, within what is left of the deadline; then forces it. */
async function disconnect(client: MqttClient, deadline: Deadline): Promise<void> {
  if (client.connected && !deadline.signal.aborted) {
    await new Promise<void>((resolve) => {
      client.end(false, {}, () => resolve());
      deadline.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
  client.end(true);
}

function codeOf(err: unknown): number | string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    if (typeof code === 'number') return code;
  }
  return errorCode(err);
}

/** URL and field rules for mqtt monitors (see validate.ts). */
export function validateMqtt(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
): void {
  const where = parseServiceUrl(url, SCHEMES);
  if (typeof where === 'string') add('url', where);
  else if (where.url.pathname !== '' && where.url.pathname !== '/') {
    add(
      'url',
      'must be mqtt://host[:port] or mqtts://host[:port], without a path (the topic is a field of its own)',
    );
  }
  if (target.topic !== null && target.topic !== undefined) {
    checkLine(target.topic, 'topic', add);
    if (/[+#]/.test(target.topic))
      add('topic', 'must be a plain topic to publish to, without + or # wildcards');
    if (target.topic.startsWith('$')) add('topic', 'must not be a $-topic (those are the broker’s own)');
  }
}

/** The mqtt monitor type, as registry.ts lists it. */
export const mqttCheck: CheckType = {
  run: (target, { deadline, sockets }) => checkMqtt(target, deadline, sockets),
  validate: validateMqtt,
  library,
  service: { reads: ['topic'] },
  defaultPorts: SCHEMES,
};
