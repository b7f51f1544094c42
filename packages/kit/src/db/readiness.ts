import { type Kysely, sql } from 'kysely';

/** One line of a readiness answer: what was checked, whether it holds, and why not. */
export interface ReadinessCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

/**
 * The database half of `/readyz`: the database answers, and every migration this build knows was
 * applied (an instance of an older build beside a newer schema is ready; one whose migrations are
 * missing is not). Never throws: a failure is a check that does not hold.
 */
export async function databaseReadiness(
  db: Kysely<unknown>,
  migrations: Record<string, unknown>,
): Promise<ReadinessCheck[]> {
  try {
    await sql`select 1`.execute(db);
  } catch (e) {
    return [{ name: 'database', ok: false, detail: (e as Error).message }];
  }
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.rows.map((r) => r.name));
    const missing = Object.keys(migrations).filter((m) => !applied.has(m));
    return [
      { name: 'database', ok: true },
      missing.length
        ? { name: 'migrations', ok: false, detail: `not applied: ${missing.join(', ')}` }
        : { name: 'migrations', ok: true },
    ];
  } catch (e) {
    return [
      { name: 'database', ok: true },
      { name: 'migrations', ok: false, detail: (e as Error).message },
    ];
  }
}

/** The body of `/readyz`: 200 with it when every check holds, else 503. */
export function readinessAnswer(checks: ReadinessCheck[]): {
  code: 200 | 503;
  body: { status: 'ready' | 'not_ready'; checks: ReadinessCheck[] };
} {
  const ok = checks.every((c) => c.ok);
  return { code: ok ? 200 : 503, body: { status: ok ? 'ready' : 'not_ready', checks } };
}
