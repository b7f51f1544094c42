// What the monitor benchmarks share: a service on a throwaway data folder with a known admin, and
// plain HTTP monitors aimed at a loopback target, inserted in batches (the API would validate
// and audit each one, which is not what these benchmarks measure).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { readConfig } from '../../services/monitor/src/config.js';
import { createServer } from '../../services/monitor/src/server.js';
import type { MonitorDB } from '../../services/monitor/src/store/schema.js';

export const BENCH_ADMIN = { username: 'bench', password: 'bench-password-1' } as const;

/** A monitor service (engine not started) on a new temporary folder, or on `databaseUrl`. */
export async function benchServer(
  prefix: string,
  databaseUrl: string | undefined,
  options: Omit<Parameters<typeof createServer>[1] & object, 'startEngine'> = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const server = await createServer(
    readConfig({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
    }),
    { ...options, startEngine: false },
  );
  return { server, dataDir };
}

/** `count` HTTP GET monitors on `http://127.0.0.1:{port}/m/{i}`, checked every `intervalSeconds`. */
export async function insertHttpMonitors(
  db: Kysely<MonitorDB>,
  spec: { count: number; port: number; intervalSeconds: number; name: (i: number) => string },
): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: spec.count }, (_, i) => ({
    name: spec.name(i),
    monitor_type: 'http_get',
    url: `http://127.0.0.1:${spec.port}/m/${i}`,
    check_interval_seconds: spec.intervalSeconds,
    timeout_seconds: Math.min(10, spec.intervalSeconds),
    retry_count: 0,
    retry_interval_seconds: Math.min(20, spec.intervalSeconds),
    expected_status_codes: '2xx',
    max_redirects: 10,
    ignore_tls_errors: 0,
    dns_record_type: 'A',
    tls_warn_days: 14,
    heartbeat_grace_seconds: 60,
    paused: 0,
    current_status: 'pending' as const,
    consecutive_failures: 0,
    created_at: now,
    updated_at: now,
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('monitors')
        .values(rows.slice(i, i + 500))
        .execute();
  });
}
