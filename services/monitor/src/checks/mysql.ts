import mysql from 'mysql2';
import type { Deadline } from './deadline.js';
import { describeError, errorCode } from './errors.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { mismatch, underDeadline, valueText } from './service-deadline.js';
import { credentialsOf, parseServiceUrl } from './service-url.js';
import { validateSqlTarget } from './sql-target.js';
import type { CheckOutcome, CheckTarget } from './types.js';

const SCHEMES = { mysql: 3306, mariadb: 3306 };

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
 * One connection per check, destroyed before returning (no pool is kept).
 */
export async function checkMysql(target: CheckTarget, deadline: Deadline): Promise<CheckOutcome> {
  const where = parseServiceUrl(target.url ?? '', SCHEMES);
  if (typeof where === 'string') return downOutcome(where);
  const login = credentialsOf(target, where.url);
  const start = performance.now();
  const conn = mysql.createConnection({
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
      () => conn.destroy(),
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
