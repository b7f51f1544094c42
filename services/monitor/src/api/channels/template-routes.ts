import { MULTILINE } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { applyChannelToAll } from '../../alerting/channels/channels-service.js';
import { TEMPLATE_VARIABLES, type VarSpec } from '../../alerting/templates/template-variables.js';
import {
  deleteTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  putTemplate,
} from '../../alerting/templates/templates-service.js';
import type { AppContext } from '../../context.js';
import { NoContent, problems } from '../../platform/http/schemas.js';
import {
  TemplateEventName as EventName,
  MessageTemplate as Template,
  TemplateVariable as Variable,
} from '../../shared-types/template-shapes.js';

const tags = ['channels'];
const security = [{ bearer: [] }];
const viewer = { auth: { role: 'viewer' as const } };
const admin = { auth: { role: 'admin' as const } };

const Params = Type.Object({ id: Type.Integer({ minimum: 1 }), event: EventName });
const IdOnly = Type.Object({ id: Type.Integer({ minimum: 1 }) });
// Both may span lines (tab, LF and CR kept; docs/notifications.md): the built-in bodies do. Providers
// send the rendered title as one line, so a line break there reads as a space.
const Text = (max: number, description: string) =>
  Type.String({ minLength: 1, maxLength: max, description, [MULTILINE]: true });
const TemplateBody = Type.Object(
  {
    title: Text(500, 'Mustache text; variables in docs/notifications.md'),
    body: Text(10_000, 'Mustache text; variables in docs/notifications.md'),
  },
  { additionalProperties: false },
);
const PreviewBody = Type.Object(
  {
    event: EventName,
    title: TemplateBody.properties.title,
    body: TemplateBody.properties.body,
    html: Type.Optional(Type.Boolean({ description: 'Escape values for HTML, as e-mail channels do' })),
  },
  { additionalProperties: false },
);

/** The documented variables as a flat list (`incident.duration`, `affected.monitors`, …). */
function flatVariables(
  specs: Record<string, VarSpec>,
  prefix = '',
): Array<{ name: string; description: string; list: boolean }> {
  return Object.entries(specs).flatMap(([k, s]) => {
    const name = `${prefix}${k}`;
    const self = { name, description: s.doc, list: s.kind === 'list' };
    if (s.kind === 'object') return [self, ...flatVariables(s.fields, `${name}.`)];
    if (s.kind === 'list') return [self, ...flatVariables(s.item, `${name}[].`)];
    return [self];
  });
}

/** Message templates per channel and event, their preview, and "apply this channel to all monitors". */
export function channelTemplateRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/channels/templates/variables',
      {
        config: viewer,
        schema: { tags, security, response: { 200: Type.Array(Variable), ...problems(401) } },
      },
      () => flatVariables(TEMPLATE_VARIABLES),
    );
    app.post(
      '/api/channels/templates/preview',
      {
        config: viewer,
        schema: {
          tags,
          security,
          description:
            'Renders a title and body against a sample incident of the event; 422 names unknown variables.',
          body: PreviewBody,
          response: {
            200: Type.Object({ title: Type.String(), body: Type.String() }),
            ...problems(400, 401, 422),
          },
        },
      },
      (req) => previewTemplate(req.body),
    );
    app.get(
      '/api/channels/:id/templates',
      {
        config: viewer,
        schema: {
          tags,
          security,
          params: IdOnly,
          response: { 200: Type.Array(Template), ...problems(401, 404, 422) },
        },
      },
      (req) => listTemplates(ctx, req.params.id),
    );
    app.get(
      '/api/channels/:id/templates/:event',
      {
        config: viewer,
        schema: { tags, security, params: Params, response: { 200: Template, ...problems(401, 404, 422) } },
      },
      (req) => getTemplate(ctx, req.params.id, req.params.event),
    );
    app.put(
      '/api/channels/:id/templates/:event',
      {
        config: admin,
        schema: {
          tags,
          security,
          params: Params,
          body: TemplateBody,
          response: { 200: Template, ...problems(400, 401, 403, 404, 422) },
        },
      },
      (req) => putTemplate(ctx, req, req.params.id, req.params.event, req.body),
    );
    app.delete(
      '/api/channels/:id/templates/:event',
      {
        config: admin,
        schema: {
          tags,
          security,
          description: 'Back to the built-in message (204 also when there was no template).',
          params: Params,
          response: { 204: NoContent, ...problems(401, 403, 404, 422) },
        },
      },
      async (req, reply) => {
        await deleteTemplate(ctx, req, req.params.id, req.params.event);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/api/channels/:id/apply-to-all',
      {
        config: admin,
        schema: {
          tags,
          security,
          description: 'Attaches the channel to every monitor that lacks it; one audit entry with the count.',
          params: IdOnly,
          response: {
            200: Type.Object({
              channel_id: Type.Integer(),
              added: Type.Integer(),
              monitor_ids: Type.Array(Type.Integer()),
            }),
            ...problems(401, 403, 404, 422),
          },
        },
      },
      (req) => applyChannelToAll(ctx, req, req.params.id),
    );
  };
}
