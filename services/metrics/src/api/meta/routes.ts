import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { problems } from '../../platform/http/schemas.js';

const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
});

/** Liveness and readiness: answers only when the database does. */
export function metaRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { tags: ['meta'], response: { 200: Health, ...problems(500) } } },
      async () => {
        await sql`select 1`.execute(ctx.db);
        return { status: 'ok' as const, database: ctx.dialect };
      },
    );
  };
}
