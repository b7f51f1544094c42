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
const library = () => import('mysql2');

const SCHEMES = { mysql: 3306, mariadb: 3306 };
// The server speaks first: a packet header (3-byte length, sequence 0) whose payload starts with the
// protocol version 10 (the handshake) or 0xff (an error, e.g. too many connections).
const GREETING_BYTES = 5;
function isGreeting(head: Buffer): boolean {
  const length = head.readUIntLE(0, 3);
  return length > 0 && length < 65536 && head[3] === 0 && (head[4] === 10 || head[4] === 0xff);
}

/** URL and field rules of a mysql monitor (see validate.ts). */
export function validateMysql(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
): void {
  validateSqlTarget(target, url, add, SCHEMES);
}

/**
 * Connects to MySQL or MariaDB, runs `query` (SELECT 1 by default) and, when `expected_value` is set,
 * compares the first column of the first row as the server writes it. Up time is connect + query.
 * One connection per check, destroyed before returning (no pool is kept). A first packet that is no
 * handshake ends the check at once: mysql2 would read a flood as one huge packet and fail in its terms.
 */
export async function checkMysql(
  target: CheckTarget,
  deadline: Deadline,
  sockets: CheckSockets,
): Promise<CheckOutcome> {
  const where = parseServiceUrl(target.url ?? '', SCHEMES);
  if (typeof where === 'string') return downOutcome(where);
  const login = credentialsOf(target, where.url);
  const { default: mysql } = await library();
  const start = performance.now();
  const socket = sockets.connect({ host: where.host, port: where.port, noDelay: true });
  const greeting = watchGreeting(socket, GREETING_BYTES, isGreeting);
  const conn = mysql.createConnection({
    stream: () => socket,
    host: where.host,
    port: where.port,
    user: login.username || 'root',
    password: login.password,
    database: decodeURIComponent(where.url.pathname.slice(1)) || undefined,
    // The deadline bounds the check; the driver's own 10 s connect timeout must not cut it shorter.
    connectTimeout: deadline.timeoutMs + 1000,
    // Every value as the server's text, so `expected_value` compares what a mysql client prints.
    typeCast: (field) => field.string(),
    rowsAsArray: true,
  });
  // Errors after the conversation (the server closing) must not become unhandled 'error' events.
  conn.on('error', () => {});
  let answered = false;
  try {
    const value = await underDeadline(
      deadline,
      () => sockets.end(),
      () =>
        new Promise<unknown>((resolve, reject) => {
          conn.connect((err) => {
            if (err) return reject(err);
            answered = true;
            conn.query(target.query ?? 'SELECT 1', (qerr, rows) => {
              if (qerr) return reject(qerr);
              // A multi-statement or non-SELECT query answers with a result header: no rows to read.
              const first = Array.isArray(rows) ? (rows[0] as unknown[] | undefined) : undefined;
              resolve(Array.isArray(first) ? first[0] : undefined);
            });
          });
        }),
    );
    const responseTime = elapsedMs(start);
    const expected = target.expected_value;
    if (expected !== null && expected !== undefined) {
      if (value === undefined) {
        return downOutcome(`expected ${JSON.stringify(expected)}, got no rows`, {
          response_time_ms: responseTime,
        });
      }
      const got = valueText(value);
      if (got !== expected) return downOutcome(mismatch(expected, got), { response_time_ms: responseTime });
    }
    return upOutcome({ response_time_ms: responseTime });
  } catch (err) {
    if (greeting.refused()) return downOutcome(notSpeaking('a MySQL server'));
    // Errors the server sent carry its SQLSTATE; socket errors carry none.
    const serverSpoke = answered || typeof (err as { sqlState?: unknown }).sqlState === 'string';
    const extra = serverSpoke && !deadline.signal.aborted ? { response_time_ms: elapsedMs(start) } : {};
    return downOutcome(describeMysqlError(err, deadline, answered), extra);
  }
}

function describeMysqlError(err: unknown, deadline: Deadline, connected: boolean): string {
  if (deadline.signal.aborted) return deadline.reason();
  const code = errorCode(err);
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR')
    return 'auth failed';
  if (code === 'ER_DBACCESS_DENIED_ERROR') {
    const db = /to database '([^']*)'/.exec(message)?.[1];
    return db === undefined ? `auth failed: ${message}` : `auth failed: no access to database "${db}"`;
  }
  if (code === 'ER_BAD_DB_ERROR') {
    const db = /Unknown database '([^']*)'/.exec(message)?.[1];
    return db === undefined ? message : `database "${db}" does not exist`;
  }
  if (connected && code?.startsWith('ER_')) return `query failed: ${message}`;
  return describeError(err, deadline);
}

/** The mysql monitor type, as registry.ts lists it. */
export const mysqlCheck: CheckType = {
  run: (target, { deadline, sockets }) => checkMysql(target, deadline, sockets),
  validate: validateMysql,
  library,
  service: { reads: ['query', 'expected_value'] },
  defaultPorts: SCHEMES,
};
