import { Socket } from 'node:net';
import type { CheckSockets } from './check-sockets.js';
import type { CheckType } from './check-type.js';
import type { Deadline } from './deadline.js';
import { describeError, errorCode } from './errors.js';
import { notSpeaking, watchGreeting } from './greeting.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { mismatch, underDeadline, valueText } from './service-deadline.js';
import { credentialsOf, parseServiceUrl } from './service-url.js';
import { validateSqlTarget } from './sql-target.js';
import type { CheckOutcome, CheckTarget } from './types.js';

/** The client library, loaded on the first check of the type (issue 29; see CheckType.library). */
const library = () => import('pg');

const SCHEMES = { postgres: 5432, postgresql: 5432 };
// What a server may answer a StartupMessage with: an authentication request, an error, a notice, or
// NegotiateProtocolVersion.
const STARTUP_REPLIES = new Set(['R', 'E', 'N', 'v'].map((c) => c.charCodeAt(0)));

/** URL and field rules of a postgres monitor (see validate.ts). */
export function validatePostgres(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
): void {
  validateSqlTarget(target, url, add, SCHEMES);
}

/**
 * Connects to PostgreSQL, runs `query` (SELECT 1 by default) and, when `expected_value` is set,
 * compares the first column of the first row as text. Up time is connect + query. One connection
 * per check, closed before returning; the deadline destroys the socket itself. A server whose first
 * byte is no startup reply is not PostgreSQL: the check stops there rather than let pg buffer it.
 */
export async function checkPostgres(
  target: CheckTarget,
  deadline: Deadline,
  sockets: CheckSockets,
): Promise<CheckOutcome> {
  const where = parseServiceUrl(target.url ?? '', SCHEMES);
  if (typeof where === 'string') return downOutcome(where);
  const login = credentialsOf(target, where.url);
  const { default: pg } = await library();
  const socket = sockets.own(new Socket());
  const greeting = watchGreeting(socket, 1, (head) => STARTUP_REPLIES.has(head[0]!));
  const client = new pg.Client({
    host: where.host,
    port: where.port,
    user: login.username || 'postgres',
    // A function, so pg never falls back to PGPASSWORD or ~/.pgpass of the service's own account.
    password: () => login.password,
    database: decodeURIComponent(where.url.pathname.slice(1)) || undefined,
    stream: () => socket,
    application_name: 'monitor check',
    // Every value as the server's text, so `expected_value` compares what psql prints (t, 2026-01-01…).
    types: { getTypeParser: () => (text: string) => text },
  });
  // Errors after the conversation (server closing) must not become unhandled 'error' events.
  client.on('error', () => {});
  const start = performance.now();
  let answered = false;
  try {
    const value = await underDeadline(
      deadline,
      () => sockets.end(),
      async () => {
        await client.connect();
        answered = true;
        const res = await client.query({ text: target.query ?? 'SELECT 1', rowMode: 'array' });
        const first = (res.rows as unknown[][])[0];
        return first === undefined ? undefined : first[0];
      },
    );
    const responseTime = elapsedMs(start);
    const expected = target.expected_value;
    if (expected !== null && expected !== undefined) {
      if (value === undefined)
        return downOutcome(`expected "${expected}", got no rows`, { response_time_ms: responseTime });
      const got = valueText(value);
      if (got !== expected) return downOutcome(mismatch(expected, got), { response_time_ms: responseTime });
    }
    return upOutcome({ response_time_ms: responseTime });
  } catch (err) {
    if (greeting.refused()) return downOutcome(notSpeaking('a PostgreSQL server'));
    // A SQLSTATE means the server answered (a refused login included); a socket error means it did not.
    const serverSpoke = answered || /^[0-9A-Z]{5}$/.test(errorCode(err) ?? '');
    const extra = serverSpoke && !deadline.signal.aborted ? { response_time_ms: elapsedMs(start) } : {};
    return downOutcome(describePostgresError(err, deadline, answered), extra);
  }
}

// SQLSTATE classes worth their own words; the server's message is short and specific already.
function describePostgresError(err: unknown, deadline: Deadline, connected: boolean): string {
  if (deadline.signal.aborted) return deadline.reason();
  const code = errorCode(err);
  const message = err instanceof Error ? err.message : String(err);
  if (code === '28P01') return 'auth failed';
  if (code === '28000') return `auth failed: ${message}`;
  if (code === '3D000') return message;
  if (/client password must be a (non-empty )?string/.test(message))
    return 'auth failed: a password is required';
  if (connected && code && /^[0-9A-Z]{5}$/.test(code)) return `query failed: ${message}`;
  return describeError(err, deadline);
}

/** The postgres monitor type, as registry.ts lists it. */
export const postgresCheck: CheckType = {
  run: (target, { deadline, sockets }) => checkPostgres(target, deadline, sockets),
  validate: validatePostgres,
  library,
  service: { reads: ['query', 'expected_value'] },
  defaultPorts: SCHEMES,
};
