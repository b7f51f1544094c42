import { randomUUID } from 'node:crypto';
import type { Channel, ChannelModel, SocketOptions } from 'amqplib';
import type { CheckSockets } from './check-sockets.js';
import type { CheckType } from './check-type.js';
import { type Deadline, raceAbort } from './deadline.js';
import { describeError } from './errors.js';
import { notSpeaking } from './greeting.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { checkLine, quote } from './service-fields.js';
import { credentialsOf, parseServiceUrl } from './service-url.js';
import type { CheckOutcome, CheckTarget } from './types.js';

/** The client library, loaded on the first check of the type (issue 29; see CheckType.library). */
const library = () => import('amqplib');

const SCHEMES = { amqp: 5672, amqps: 5671 };
// amqplib's words for bytes that are no AMQP 0-9-1 handshake (its frame parser and method decoder);
// a broker's refusal (`Handshake terminated by server`, a closed vhost) is worded apart.
const NOT_AMQP =
  /^(Frame size \d+ exceeds|Invalid frame|Unknown frame type|Frame on channel|Unknown class|Wasn't expecting)|^Expected Connection\w+; got (?!<ConnectionClose)/;

/**
 * Connects to an AMQP 0-9-1 broker (`amqp://` or `amqps://`, vhost from the path, `/` by default); with
 * `topic` set, declares that queue for itself, publishes a unique message to it and must get it back
 * before the deadline.
 *
 * The queue is declared exclusive and non-durable: the broker deletes it when the check's connection
 * closes, however the check ends (even cut off by the deadline or a crash), so no queue is left behind,
 * and an application's queue of the same name is never touched (declaring it fails, RESOURCE_LOCKED,
 * rather than the check taking messages meant for the application's consumers).
 */
export async function checkAmqp(
  target: CheckTarget,
  deadline: Deadline,
  sockets: CheckSockets,
): Promise<CheckOutcome> {
  const where = parseServiceUrl(target.url ?? '', SCHEMES);
  if (typeof where === 'string') return downOutcome(`invalid url: ${where}`);
  const login = credentialsOf(target, where.url);
  // No credentials at all: amqplib's own default, guest/guest, as for an amqp:// URL without them.
  const anonymous = login.username === '' && login.password === '';
  // amqplib makes its own socket: it takes the check's signal, which destroys it when the deadline
  // passes or the check ends, in the handshake or after.
  const socketOptions: SocketOptions & { signal: AbortSignal } = {
    signal: sockets.signal,
    // Small frames both ways: without this, Nagle's algorithm adds ~40 ms to every round trip.
    noDelay: true,
    rejectUnauthorized: target.ignore_tls_errors !== true,
  };
  const { connect } = await library();
  const start = performance.now();
  let conn: ChannelModel | null = null;
  let phase: 'connect' | 'round trip' = 'connect';
  try {
    const opening = connect(
      {
        protocol: where.scheme,
        hostname: where.host,
        port: where.port,
        username: anonymous ? undefined : login.username,
        password: anonymous ? undefined : login.password,
        // amqplib unescapes the vhost itself; '' (no path) means the default vhost `/`.
        vhost: where.url.pathname.slice(1),
        // No heartbeat timer: a check's connection lives for one timeout at most.
        heartbeat: 0,
      },
      socketOptions,
    );
    // Should the deadline win the race, a connection that opens anyway is closed, not leaked.
    opening.then(
      (late) => {
        if (deadline.signal.aborted) late.close().catch(() => {});
      },
      () => {},
    );
    conn = await raceAbort(opening, deadline.signal);
    conn.on('error', () => {});
    let responseTime = elapsedMs(start);
    const queue = target.topic;
    if (queue) {
      const channel = await raceAbort(conn.createChannel(), deadline.signal);
      channel.on('error', () => {});
      await raceAbort(
        channel.assertQueue(queue, { exclusive: true, durable: false, autoDelete: true }),
        deadline.signal,
      );
      phase = 'round trip';
      await raceAbort(roundTrip(channel, queue), deadline.signal);
      responseTime = elapsedMs(start);
    }
    return upOutcome({ response_time_ms: responseTime });
  } catch (err) {
    if (deadline.timedOut() && phase === 'round trip') {
      return downOutcome(`no message back on ${quote(target.topic ?? '')} within ${deadline.timeoutMs} ms`);
    }
    if (deadline.signal.aborted) return downOutcome(deadline.reason());
    const text = err instanceof Error ? err.message : String(err);
    if (conn === null && (err instanceof RangeError || NOT_AMQP.test(text))) {
      return downOutcome(notSpeaking('an AMQP broker'));
    }
    const answered = conn !== null || /Handshake terminated|Expected ConnectionOpenOk/.test(String(err));
    if (/Expected ConnectionOpenOk; got <ConnectionClose/.test(String(err))) {
      // The login passed and opening the vhost was refused; amqplib keeps the broker's reply text to
      // itself here, and RabbitMQ answers the same way for a missing vhost and a forbidden one.
      return downOutcome(`vhost ${quote(vhostOf(where.url))} not found or not allowed for this user`, {
        response_time_ms: elapsedMs(start),
      });
    }
    return downOutcome(describeAmqpError(err, target.topic ?? ''), {
      response_time_ms: answered ? elapsedMs(start) : null,
    });
  } finally {
    if (conn !== null) await closeConnection(conn, deadline);
  }
}

/** Consumes from `queue`, publishes a unique message to it, and resolves when that message arrives. */
async function roundTrip(channel: Channel, queue: string): Promise<void> {
  const token = `uptime check ${randomUUID()}`;
  let arrived: () => void = () => {};
  const received = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await channel.consume(
    queue,
    (msg) => {
      if (msg?.content.toString('utf8') === token) arrived();
    },
    { noAck: true, exclusive: true },
  );
  channel.sendToQueue(queue, Buffer.from(token), { persistent: false });
  await received;
}

/** Closes politely within what is left of the deadline; otherwise the aborted signal destroys the socket. */
async function closeConnection(conn: ChannelModel, deadline: Deadline): Promise<void> {
  if (deadline.signal.aborted) return;
  await raceAbort(conn.close(), deadline.signal).catch(() => {});
}

/** The vhost a URL names, as the broker sees it: `/` when the path is empty. */
function vhostOf(url: URL): string {
  const raw = url.pathname.slice(1);
  try {
    return raw === '' ? '/' : decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The broker's own words (`reply-text`) for a refused handshake or operation, worded for an operator. */
function describeAmqpError(err: unknown, queue: string): string {
  const text = err instanceof Error ? err.message : String(err);
  const reply = /replyText: '([^']*)'/.exec(text)?.[1] ?? /with message "([^"]*)"/.exec(text)?.[1];
  if (reply === undefined) return describeError(err);
  if (reply.startsWith('ACCESS_REFUSED - Login was refused')) return 'auth failed';
  if (reply.startsWith('RESOURCE_LOCKED')) {
    return `queue ${quote(queue)} is in use by another connection or was declared by someone else: give the check a queue of its own`;
  }
  return reply;
}

/** URL and field rules for amqp monitors (see validate.ts). */
export function validateAmqp(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
): void {
  const where = parseServiceUrl(url, SCHEMES);
  if (typeof where === 'string') add('url', where);
  else if (where.url.pathname.slice(1).includes('/')) {
    add('url', 'the path is the vhost: write a vhost containing / as %2F');
  } else if (!/^(?:[^%]|%[0-9a-f]{2})*$/i.test(where.url.pathname)) {
    add('url', 'the vhost has a % that is not followed by two hex digits');
  }
  if (target.topic !== null && target.topic !== undefined) {
    checkLine(target.topic, 'topic', add);
    if (target.topic.startsWith('amq.'))
      add('topic', 'must not start with amq. (names reserved by the broker)');
    if (Buffer.byteLength(target.topic) > 255) add('topic', 'must be at most 255 bytes (an AMQP queue name)');
  }
}

/** The amqp monitor type, as registry.ts lists it. */
export const amqpCheck: CheckType = {
  run: (target, { deadline, sockets }) => checkAmqp(target, deadline, sockets),
  validate: validateAmqp,
  library,
  service: { reads: ['topic'] },
  defaultPorts: SCHEMES,
};
