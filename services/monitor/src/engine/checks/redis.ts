import { isIP, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { AbstractConnector as Connector } from 'ioredis';
import type { CheckSockets } from './check-sockets.js';
import type { CheckType } from './check-type.js';
import type { Deadline } from './deadline.js';
import { describeError } from './errors.js';
import { type Greeting, notSpeaking, watchGreeting } from './greeting.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { mismatch, underDeadline, valueText } from './service-deadline.js';
import { credentialsOf, parseServiceUrl } from './service-url.js';
import type { CheckOutcome, CheckTarget } from './types.js';

/** The client library, loaded on the first check of the type (issue 29; see CheckType.library). */
const library = () => import('ioredis');

const SCHEMES = { redis: 6379, rediss: 6379 };
// Every RESP2 and RESP3 reply starts with one of these type bytes.
const RESP_TYPES = new Set([...'+-:$*_,#!=(%~>|'].map((c) => c.charCodeAt(0)));

/**
 * ioredis' connector for one check: the socket is opened by `open` (the check's, see CheckSockets),
 * and the first byte the server sends must start a RESP reply, or the check ends there.
 */
function checkConnector(
  AbstractConnector: typeof Connector,
  open: () => Socket | TLSSocket,
  greeting: { current: Greeting | null },
) {
  return class extends AbstractConnector {
    constructor() {
      super(0);
    }
    connect(): Promise<Socket | TLSSocket> {
      this.connecting = true;
      const stream = open();
      this.stream = stream;
      greeting.current = watchGreeting(stream, 1, (head) => RESP_TYPES.has(head[0]!));
      stream.once('error', (err) => {
        this.firstError = err;
      });
      return Promise.resolve(stream);
    }
  };
}

/** The database index of `redis://host/N` (0 without a path), or null when the path is not one. */
function databaseOf(url: URL): number | null {
  const path = url.pathname.replace(/^\//, '');
  if (path === '') return 0;
  return /^\d{1,5}$/.test(path) ? Number(path) : null;
}

/** URL and field rules of a redis monitor (see validate.ts). */
export function validateRedis(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
): void {
  const where = parseServiceUrl(url, SCHEMES);
  if (typeof where === 'string') add('url', where);
  else if (databaseOf(where.url) === null)
    add('url', 'the path must be a database number (redis://host:6379/0)');
  const hasExpected = target.expected_value !== null && target.expected_value !== undefined;
  if (hasExpected && !target.query) add('expected_value', 'needs query: the key whose value is compared');
}

/**
 * Connects to Redis (TLS for rediss://), authenticates when credentials are given, sends PING and
 * wants PONG; with `query` set, GETs that key and compares it with `expected_value` (a missing key
 * reads `null`). Up time is connect + round trips. The connection is closed after every check and
 * never retried: one refused connect is one failed check.
 */
export async function checkRedis(
  target: CheckTarget,
  deadline: Deadline,
  sockets: CheckSockets,
): Promise<CheckOutcome> {
  const where = parseServiceUrl(target.url ?? '', SCHEMES);
  if (typeof where === 'string') return downOutcome(where);
  const db = databaseOf(where.url);
  if (db === null) return downOutcome('the URL path must be a database number');
  const login = credentialsOf(target, where.url);
  const { AbstractConnector, Redis } = await library();
  const tls =
    where.scheme === 'rediss'
      ? {
          servername: isIP(where.host) ? undefined : where.host,
          rejectUnauthorized: !target.ignore_tls_errors,
        }
      : undefined;
  const endpoint = { host: where.host, port: where.port };
  const greeting: { current: Greeting | null } = { current: null };
  const client = new Redis({
    Connector: checkConnector(
      AbstractConnector,
      () => (tls ? sockets.connectTls({ ...endpoint, ...tls }) : sockets.connect(endpoint)),
      greeting,
    ),
    username: login.username || undefined,
    password: login.password || undefined,
    db,
    // Tells ioredis to wait for the TLS handshake; the connector above makes the connection.
    tls,
    lazyConnect: true,
    enableReadyCheck: false,
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    reconnectOnError: () => false,
    autoResubscribe: false,
    // The deadline bounds the check; the client's own timers must not fire first.
    connectTimeout: deadline.timeoutMs + 1000,
  });
  // The client reports the cause (refused, WRONGPASS) as an event and rejects with "Connection is closed".
  let lastError: unknown;
  client.on('error', (err: unknown) => {
    lastError ??= err;
  });
  const start = performance.now();
  let answered = false;
  try {
    const value = await underDeadline(
      deadline,
      () => {
        client.disconnect();
        sockets.end();
      },
      async () => {
        await client.connect();
        const pong = await client.ping();
        answered = true;
        if (pong !== 'PONG') throw new Error(`PING answered ${JSON.stringify(pong)} instead of PONG`);
        return target.query ? await client.get(target.query) : undefined;
      },
    );
    const responseTime = elapsedMs(start);
    const expected = target.expected_value;
    if (expected !== null && expected !== undefined && target.query) {
      const got = valueText(value);
      if (got !== expected) return downOutcome(mismatch(expected, got), { response_time_ms: responseTime });
    }
    return upOutcome({ response_time_ms: responseTime });
  } catch (err) {
    if (greeting.current?.refused()) return downOutcome(notSpeaking('a Redis server'));
    const cause = lastError ?? err;
    // A Redis error reply (WRONGPASS, NOAUTH…) is an answer; a socket error is none.
    const serverSpoke = answered || /^[A-Z]{3,} /.test(cause instanceof Error ? cause.message : '');
    const extra = serverSpoke && !deadline.signal.aborted ? { response_time_ms: elapsedMs(start) } : {};
    return downOutcome(describeRedisError(cause, deadline, answered), extra);
  }
}

function describeRedisError(err: unknown, deadline: Deadline, connected: boolean): string {
  if (deadline.signal.aborted) return deadline.reason();
  const message = err instanceof Error ? err.message : String(err);
  if (message.startsWith('WRONGPASS')) return 'auth failed';
  if (message.startsWith('NOAUTH')) return 'auth failed: the server requires a password';
  if (message.startsWith('NOPERM')) return `auth failed: ${message.replace(/^NOPERM\s*/, '')}`;
  if (connected && /^[A-Z]+ /.test(message)) return `query failed: ${message}`;
  return describeError(err, deadline);
}

/** The redis monitor type, as registry.ts lists it. */
export const redisCheck: CheckType = {
  run: (target, { deadline, sockets }) => checkRedis(target, deadline, sockets),
  validate: validateRedis,
  library,
  service: { reads: ['query', 'expected_value'] },
  defaultPorts: SCHEMES,
};
