import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { problems } from '../../platform/http/schemas.js';
import { BADGE_WINDOWS, type BadgeKind } from '../../public-face/badges/badge-faces.js';
import { BadgeService } from '../../public-face/badges/badge-service.js';

/**
 * Every badge answer, the 404 included, carries the same headers: a README proxy (GitHub's camo)
 * may keep it a minute, any site may embed it, and nothing tells a hidden monitor from a missing one.
 */
const BADGE_HEADERS = {
  'cache-control': 'public, max-age=60',
  'cross-origin-resource-policy': 'cross-origin',
};
const NOT_FOUND_DETAIL = 'No badge is published at this address.';

const Params = Type.Object({ id: Type.String({ maxLength: 40, description: 'Monitor id' }) });
const Label = Type.Optional(
  Type.String({ maxLength: 40, description: 'Replaces the left-hand text (up to 40 characters)' }),
);
const WindowQuery = Type.Object(
  {
    window: Type.Union(
      BADGE_WINDOWS.map((w) => Type.Literal(w)),
      { default: '24h' },
    ),
    label: Label,
  },
  { additionalProperties: false },
);
const LabelQuery = Type.Object({ label: Label }, { additionalProperties: false });
const Svg = Type.String({ description: 'image/svg+xml, shields.io flat style' });

const described: Record<BadgeKind, string> = {
  status: 'The current state: up (green), down (red), maintenance (blue), paused or pending (grey).',
  uptime: 'Uptime % over the window, from the roll-ups; colour thresholds in docs/badges.md.',
  'response-time': 'Response time of the latest check.',
  certificate: 'Days left on the TLS certificate; "n/a" for monitors that read none.',
};

/**
 * Public SVG badges, without credentials, for monitors on a public status page or opted in with
 * badge_enabled; any other id, existing or not, gets one and the same 404.
 */
export function badgesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const service = new BadgeService(ctx.db);
    const send = (
      reply: FastifyReply,
      ifNoneMatch: string | undefined,
      badge: { svg: string; etag: string } | null,
    ) => {
      if (!badge) throw errors.not_found(NOT_FOUND_DETAIL, { headers: BADGE_HEADERS });
      reply.headers({ ...BADGE_HEADERS, etag: badge.etag });
      if (ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === badge.etag)) {
        return reply.code(304).send();
      }
      return reply.type('image/svg+xml; charset=utf-8').send(badge.svg);
    };
    const common = (kind: BadgeKind) => ({
      tags: ['badges'],
      description: described[kind],
      params: Params,
      produces: ['image/svg+xml'],
      response: { 200: Svg, ...problems(404, 422) },
    });
    const config = { auth: { role: 'public' as const } };

    app.get(
      '/api/badges/:id/uptime.svg',
      { config, schema: { ...common('uptime'), querystring: WindowQuery } },
      async (req, reply) =>
        send(
          reply,
          req.headers['if-none-match'],
          await service.badge(req.params.id, 'uptime', { window: req.query.window, label: req.query.label }),
        ),
    );
    for (const kind of ['status', 'response-time', 'certificate'] as const) {
      app.get(
        `/api/badges/:id/${kind}.svg`,
        { config, schema: { ...common(kind), querystring: LabelQuery } },
        async (req, reply) => {
          const badge = await service.badge(req.params.id, kind, { label: req.query.label });
          return send(reply, req.headers['if-none-match'], badge);
        },
      );
    }
  };
}
