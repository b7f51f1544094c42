import { HttpProblem } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ACK_PATH } from '../../alerting/notify/ack-url.js';
import { ackLinkTarget, acknowledgeByLink } from '../../alerting/on-call/ack-links.js';
import type { AppContext } from '../../context.js';
import { problems } from '../../platform/http/schemas.js';
import {
  renderSubscriptionPage,
  type SubscriptionPage,
} from '../../public-face/status-pages/render/subscription-page.js';

const MAX_FORM_BODY = 4 * 1024;
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
const Acknowledged = Type.Object({
  incident_id: Type.Integer(),
  acknowledged_by: Type.Union([Type.String(), Type.Null()]),
});

function page(reply: FastifyReply, status: number, p: SubscriptionPage) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(renderSubscriptionPage(p));
}

const tokenOf = (body: unknown): string => {
  const t =
    typeof body === 'string'
      ? new URLSearchParams(body).get('token')
      : body && typeof body === 'object'
        ? (body as Record<string, unknown>).token
        : null;
  return typeof t === 'string' ? t.slice(0, 200) : '';
};

/**
 * Acknowledgement links (docs/on-call.md): the link opens a page (GET, changes nothing) whose form
 * POSTs the token in the body to /ack; JSON clients POST `{token}` and get JSON or a 410 problem.
 */
export function ackRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_FORM_BODY },
      (_req, body, done) => done(null, body),
    );
    const config = { auth: { role: 'public' as const } };
    app.get(
      `${ACK_PATH}:token`,
      { config, schema: { hide: true, params: TokenParams } },
      async (req, reply) => {
        try {
          const t = await ackLinkTarget(ctx, req.params.token);
          return page(reply, 200, {
            title: 'Acknowledge incident',
            heading: `Acknowledge the incident of ${t.monitor ?? 'this monitor'}?`,
            paragraphs: [`You are acknowledging as ${t.username}. Escalation stops once you do.`],
            form: { action: '/ack', button: 'Acknowledge', fields: { token: req.params.token } },
          });
        } catch (e) {
          if (!(e instanceof HttpProblem)) throw e;
          return page(reply, e.status, {
            title: 'Link not usable',
            heading: 'This link cannot be used',
            paragraphs: [e.detail],
          });
        }
      },
    );
    app.post(
      '/ack',
      {
        config,
        schema: {
          tags: ['on-call'],
          description:
            'Acknowledges an incident with the token of a single-use link: form-encoded `token` (answers a page) or JSON `{token}`.',
          response: { 200: Acknowledged, ...problems(410, 413) },
        },
      },
      async (req, reply) => {
        const form = typeof req.body === 'string';
        try {
          const done = await acknowledgeByLink(ctx, req, tokenOf(req.body));
          if (!form) return done;
          return page(reply, 200, {
            title: 'Acknowledged',
            heading: 'Acknowledged',
            paragraphs: [
              `The incident is acknowledged by ${done.acknowledged_by ?? 'you'}; escalation has stopped.`,
            ],
          });
        } catch (e) {
          if (!form || !(e instanceof HttpProblem)) throw e;
          return page(reply, e.status, {
            title: 'Link not usable',
            heading: 'This link cannot be used',
            paragraphs: [e.detail],
          });
        }
      },
    );
  };
}
