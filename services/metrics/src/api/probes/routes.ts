import { databaseReadiness, type ReadinessCheck, readinessAnswer } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { migrations } from '../../store/migrations/index.js';
import type { MetricsDB } from '../../store/schema.js';

/** The database half of readiness: it answers, and every migration of this build is applied. */
export const databaseChecks = (db: Kysely<MetricsDB>): Promise<ReadinessCheck[]> =>
  // The check reads only kysely_migration, which no table type here describes.
  databaseReadiness(db as unknown as Kysely<unknown>, migrations);

const Live = Type.Object({ status: Type.Literal('ok') });
const Ready = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  checks: Type.Array(
    Type.Object({ name: Type.String(), ok: Type.Boolean(), detail: Type.Optional(Type.String()) }),
  ),
});

/**
 * `/healthz` (liveness: the process answers, the database is not touched, so a database outage does
 * not get every instance restarted) and `/readyz` (readiness: 503 while a check fails, so a balancer
 * sends nothing here). Both are public, at the root, on every role.
 */
export function probeRoutes(readiness: () => Promise<ReadinessCheck[]>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/healthz',
      { schema: { tags: ['meta'], summary: 'Liveness', response: { 200: Live } } },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['meta'],
          summary: 'Readiness: database, migrations, instance relay (PostgreSQL), worker',
          response: { 200: Ready, 503: Ready },
        },
      },
      async (_req, reply) => {
        const a = readinessAnswer(await readiness());
        return reply.code(a.code).header('Cache-Control', 'no-store').send(a.body);
      },
    );
  };
}
