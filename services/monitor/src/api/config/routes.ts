import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { stringify } from 'yaml';
import type { AppContext } from '../../context.js';
import { applyConfig } from '../../operations/config-as-code/apply-config.js';
import { configJsonSchema } from '../../operations/config-as-code/config-document.js';
import { exportConfig } from '../../operations/config-as-code/export-config.js';
import { planConfig } from '../../operations/config-as-code/plan-config.js';
import { problems } from '../../platform/http/schemas.js';
import { publicViewCache } from '../../public-face/status-pages/public-view-cache.js';
import { ConfigApplyResult, ConfigPlan } from '../../shared-types/config-shapes.js';

const tags = ['config-as-code'];
const security = [{ bearer: [] }];

const request = {
  document: Type.Unknown({
    description: 'The config file: its YAML (or JSON) text, or the parsed object (docs/config-as-code.md)',
  }),
  env: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description: 'Values of the variables the file refers to; stored only where the file uses them',
    }),
  ),
  prune: Type.Optional(
    Type.Boolean({ description: 'Delete objects a file created that this file no longer names' }),
  ),
};
const PlanBody = Type.Object(request, { additionalProperties: false });
const ApplyBody = Type.Object(
  { ...request, fingerprint: Type.Optional(Type.String({ description: 'The plan being applied' })) },
  { additionalProperties: false },
);
const ExportQuery = Type.Object(
  { format: Type.Optional(Type.Union([Type.Literal('yaml'), Type.Literal('json')])) },
  { additionalProperties: false },
);
const bodyLimit = 32 * 1024 * 1024;

/** Monitoring as code: the file's schema, plan, apply and export (operations/config-as-code). */
export function configRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  // Built once: what the schema file in the repository must equal (a test compares them).
  const schema = configJsonSchema();
  return async (app) => {
    app.get(
      '/api/config/schema.json',
      { config: { auth: { role: 'public' } }, schema: { tags, summary: 'The JSON Schema of config files' } },
      async (_req, reply) =>
        reply.type('application/schema+json; charset=utf-8').send(JSON.stringify(schema, null, 2)),
    );
    app.post(
      '/api/config/plan',
      {
        config: { auth: { role: 'admin' } },
        bodyLimit,
        schema: {
          tags,
          security,
          summary: 'What applying the file would change; changes nothing',
          body: PlanBody,
          response: { 200: ConfigPlan, ...problems(400, 401, 403, 413, 422) },
        },
      },
      async (req) => (await planConfig(ctx, ctx.db, req.body)).plan,
    );
    app.post(
      '/api/config/apply',
      {
        config: { auth: { role: 'admin' } },
        bodyLimit,
        schema: {
          tags,
          security,
          summary: 'Applies the file in one transaction, audited as one entry',
          body: ApplyBody,
          response: { 200: ConfigApplyResult, ...problems(400, 401, 403, 409, 413, 422) },
        },
      },
      (req) =>
        applyConfig(ctx, req, req.body, (slugs) => {
          const cache = publicViewCache(ctx);
          for (const slug of slugs) cache.invalidate(slug);
        }),
    );
    app.get(
      '/api/config/export',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          querystring: ExportQuery,
          summary: 'The configuration here as a config file',
        },
      },
      async (req, reply) => {
        const { file, variables } = await exportConfig(ctx);
        if (req.query.format === 'json')
          return reply.type('application/json; charset=utf-8').send({ ...file });
        const head = [
          '# Exported configuration (docs/config-as-code.md).',
          ...(variables.length > 0
            ? [
                '# Credentials are references; set these variables before applying:',
                ...variables.map((v) => `#   ${v.name}  (${v.at})`),
              ]
            : []),
        ];
        return reply
          .type('application/yaml; charset=utf-8')
          .send(`${head.join('\n')}\n${stringify(file, { lineWidth: 0 })}`);
      },
    );
  };
}
