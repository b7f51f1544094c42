import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createContactMethod,
  deleteContactMethod,
  listContactMethods,
  resendCode,
  testContactMethod,
  verifyContactMethod,
} from '../../alerting/contact-methods/contact-methods-service.js';
import {
  deleteQuietHours,
  getQuietHours,
  putQuietHours,
} from '../../alerting/contact-methods/quiet-hours-service.js';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import {
  ContactMethod,
  ContactMethodBody,
  CreatedContactMethod,
  QuietHours,
  VerificationSent,
  VerifyBody,
} from './schema.js';

const tags = ['on-call'];
const security = [{ bearer: [] }];
// Every signed-in user keeps their own methods, whatever their role.
const own = { auth: { role: 'viewer' as const } };

/** The caller's own contact methods (see docs/on-call.md). */
export function contactMethodsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/contact-methods/quiet-hours',
      {
        config: own,
        schema: {
          tags,
          security,
          response: { 200: Type.Union([QuietHours, Type.Null()]), ...problems(401) },
        },
      },
      (req) => getQuietHours(ctx, principalOf(req)),
    );
    app.put(
      '/api/contact-methods/quiet-hours',
      {
        config: own,
        schema: {
          tags,
          security,
          body: QuietHours,
          response: { 200: QuietHours, ...problems(400, 401, 422) },
        },
      },
      (req) => putQuietHours(ctx, req, principalOf(req), req.body),
    );
    app.delete(
      '/api/contact-methods/quiet-hours',
      { config: own, schema: { tags, security, response: { 204: NoContent, ...problems(401) } } },
      async (req, reply) => {
        await deleteQuietHours(ctx, req, principalOf(req));
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/api/contact-methods',
      {
        config: own,
        schema: { tags, security, response: { 200: Type.Array(ContactMethod), ...problems(401) } },
      },
      (req) => listContactMethods(ctx, principalOf(req)),
    );
    app.post(
      '/api/contact-methods',
      {
        config: own,
        schema: {
          tags,
          security,
          description: 'Adds an unverified method and sends a six-digit code through it.',
          body: ContactMethodBody,
          response: { 201: CreatedContactMethod, ...problems(400, 401, 409, 422) },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await createContactMethod(ctx, req, principalOf(req), req.body)),
    );
    app.post(
      '/api/contact-methods/:id/verify',
      {
        config: own,
        schema: {
          tags,
          security,
          params: IdParams,
          body: VerifyBody,
          response: { 200: ContactMethod, ...problems(401, 404, 422) },
        },
      },
      (req) => verifyContactMethod(ctx, req, principalOf(req), req.params.id, req.body.code),
    );
    app.post(
      '/api/contact-methods/:id/resend',
      {
        config: own,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: VerificationSent, ...problems(401, 404, 409, 422) },
        },
      },
      (req) => resendCode(ctx, principalOf(req), req.params.id),
    );
    app.post(
      '/api/contact-methods/:id/test',
      {
        config: own,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: Type.Object({ ok: Type.Literal(true) }), ...problems(401, 404, 409, 422, 502) },
        },
      },
      (req) => testContactMethod(ctx, principalOf(req), req.params.id),
    );
    app.delete(
      '/api/contact-methods/:id',
      {
        config: own,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 204: NoContent, ...problems(401, 404, 422) },
        },
      },
      async (req, reply) => {
        await deleteContactMethod(ctx, req, principalOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
