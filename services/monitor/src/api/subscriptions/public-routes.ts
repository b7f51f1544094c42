import { HttpProblem } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from '../../alerting/subscriptions/subscriber-mail.js';
import {
  confirmationTarget,
  confirmSubscription,
  subscribe,
  unsubscribe,
  unsubscribeTarget,
} from '../../alerting/subscriptions/subscriptions-service.js';
import type { AppContext } from '../../context.js';
import { problems } from '../../platform/http/schemas.js';
import {
  renderSubscriptionPage,
  type SubscriptionPage,
} from '../../public-face/status-pages/render/subscription-page.js';

/** A form post is tiny; anything bigger is not from our form. */
const MAX_FORM_BODY = 8 * 1024;

const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 64 }) });
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
const Pending = Type.Object({ status: Type.Literal('pending'), detail: Type.String() });

const CHECK_INBOX =
  'If this address can subscribe, a confirmation mail is on its way. Follow its link to start receiving updates; nothing is sent before that.';

function wantsJson(req: FastifyRequest): boolean {
  if ((req.headers['content-type'] ?? '').startsWith('application/json')) return true;
  const accept = req.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

function page(reply: FastifyReply, status: number, p: SubscriptionPage) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderSubscriptionPage(p));
}

const invalidLink = (reply: FastifyReply) =>
  page(reply, 404, {
    title: 'Link not valid',
    heading: 'This link is not valid',
    paragraphs: ['It may have expired or been used already. You can subscribe again from the status page.'],
  });

/**
 * The public side of status page subscriptions: the subscribe form's target and the pages behind
 * the links in the mails. Tokens sit in the path right after CONFIRM_PATH / UNSUBSCRIBE_PATH,
 * which the log redaction knows (SECRET_PATH_PREFIXES).
 */
export function subscriptionPublicRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Forms post url-encoded (and mail clients' one-click unsubscribe may use multipart): read any
    // small body as text here; JSON keeps the app's own parser.
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_FORM_BODY }, (_req, body, done) =>
      done(null, body),
    );
    const config = { auth: { role: 'public' as const } };
    const tags = ['status pages'];

    app.post(
      '/status/:slug/subscribe',
      {
        config,
        schema: {
          tags,
          description:
            'Starts a double opt-in: form-encoded `email` (answers an HTML page) or JSON `{email}` (answers 202). The answer never says whether the address was subscribed already.',
          params: SlugParams,
          response: { 202: Pending, ...problems(404, 413, 422, 429) },
        },
      },
      async (req, reply) => {
        const json = wantsJson(req);
        const body = req.body;
        const email =
          typeof body === 'string'
            ? new URLSearchParams(body).get('email')
            : body && typeof body === 'object'
              ? (body as Record<string, unknown>).email
              : undefined;
        try {
          await subscribe(ctx, req, req.params.slug, email);
        } catch (e) {
          if (json || !(e instanceof HttpProblem)) throw e;
          for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
          return page(reply, e.status, {
            title: 'Subscription',
            heading: e.status === 404 ? 'Not found' : 'Could not subscribe',
            paragraphs: [e.detail],
            ...(e.status === 404 ? {} : { back: { href: `/status/${req.params.slug}`, label: 'Back' } }),
          });
        }
        if (json) return reply.code(202).send({ status: 'pending' as const, detail: CHECK_INBOX });
        return page(reply, 200, {
          title: 'Check your inbox',
          heading: 'Check your inbox',
          paragraphs: [CHECK_INBOX],
          back: { href: `/status/${req.params.slug}`, label: 'Back to the status page' },
        });
      },
    );

    const hide = { hide: true, params: TokenParams };
    app.get(`${CONFIRM_PATH}:token`, { config, schema: hide }, async (req, reply) => {
      const target = await confirmationTarget(ctx, req.params.token);
      if (!target) return invalidLink(reply);
      return page(reply, 200, {
        title: `Confirm: ${target.title}`,
        heading: `Subscribe to ${target.title}?`,
        paragraphs: ['Confirm to receive its incident updates and maintenance notices by e-mail.'],
        form: { action: `${CONFIRM_PATH}${req.params.token}`, button: 'Confirm subscription' },
      });
    });
    app.post(`${CONFIRM_PATH}:token`, { config, schema: hide }, async (req, reply) => {
      const target = await confirmSubscription(ctx, req, req.params.token);
      if (!target) return invalidLink(reply);
      return page(reply, 200, {
        title: `Subscribed: ${target.title}`,
        heading: 'You are subscribed',
        paragraphs: [
          `You will receive updates of ${target.title}. Every mail carries a link to unsubscribe.`,
        ],
        back: { href: `/status/${target.slug}`, label: 'Go to the status page' },
      });
    });

    app.get(`${UNSUBSCRIBE_PATH}:token`, { config, schema: hide }, async (req, reply) => {
      const target = await unsubscribeTarget(ctx, req.params.token);
      if (!target) return invalidLink(reply);
      const name = target.page?.title ?? 'this status page';
      if (!target.subscribed)
        return page(reply, 200, {
          title: 'Unsubscribed',
          heading: 'You are unsubscribed',
          paragraphs: [`This address receives no more mail about ${name}.`],
        });
      return page(reply, 200, {
        title: `Unsubscribe: ${name}`,
        heading: `Unsubscribe from ${name}?`,
        paragraphs: ['You will receive no more mail about it.'],
        form: { action: `${UNSUBSCRIBE_PATH}${req.params.token}`, button: 'Unsubscribe' },
      });
    });
    // Also the one-click target of List-Unsubscribe-Post (RFC 8058): its body is ignored.
    app.post(`${UNSUBSCRIBE_PATH}:token`, { config, schema: hide }, async (req, reply) => {
      const target = await unsubscribe(ctx, req, req.params.token);
      if (!target) return invalidLink(reply);
      return page(reply, 200, {
        title: 'Unsubscribed',
        heading: 'You are unsubscribed',
        paragraphs: [`This address receives no more mail about ${target.page?.title ?? 'this status page'}.`],
      });
    });
  };
}
