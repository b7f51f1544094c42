import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import type { AuthRule } from '../../identity/auth/principal.js';
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from '../../identity/two-factor/two-factor-service.js';
import { NoContent, problems } from '../../platform/http/schemas.js';
import { CodeBody, DisableBody, Enabled, Enrolment, RecoveryCodes, TwoFactorStatus } from './schema.js';

const tags = ['auth'];
const security = [{ bearer: [] }];
// A person's own second factor: never through an API key (which could then turn it off).
const own: AuthRule = { role: 'viewer', jwtOnly: true };
// Enrolment stays open to users whose role requires two-factor and who have not set it up yet.
const enrolment: AuthRule = { ...own, duringMfaEnrolment: true };

/** The caller's TOTP two-factor sign-in: status, enrolment, recovery codes, turning it off. */
export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/auth/two-factor',
      {
        config: { auth: enrolment },
        schema: { tags, security, response: { 200: TwoFactorStatus, ...problems(401, 403) } },
      },
      async (req) => twoFactorStatus(ctx, principalOf(req).userId),
    );
    app.post(
      '/api/auth/two-factor/enrol',
      {
        config: { auth: enrolment },
        schema: {
          tags,
          security,
          summary: 'Starts an enrolment: a new seed, pending until confirmed with a code',
          response: { 200: Enrolment, ...problems(401, 403, 409) },
        },
      },
      async (req) => startEnrolment(ctx, req, principalOf(req).userId),
    );
    app.post(
      '/api/auth/two-factor/confirm',
      {
        config: { auth: enrolment },
        schema: {
          tags,
          security,
          summary:
            'Turns two-factor on with a code of the pending seed; returns the recovery codes once. Every other session of the user ends.',
          body: CodeBody,
          response: { 200: Enabled, ...problems(400, 401, 403, 409, 422, 429) },
        },
      },
      async (req) => {
        const p = principalOf(req);
        return confirmEnrolment(ctx, req, p.userId, p.sessionId, req.body.code);
      },
    );
    app.post(
      '/api/auth/two-factor/disable',
      {
        config: { auth: own },
        schema: {
          tags,
          security,
          summary: 'Turns two-factor off with a current code or the password',
          body: DisableBody,
          response: { 204: NoContent, ...problems(400, 401, 403, 409, 422, 429) },
        },
      },
      async (req, reply) => {
        await disableTwoFactor(ctx, req, principalOf(req).userId, req.body);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/api/auth/two-factor/recovery-codes',
      {
        config: { auth: own },
        schema: {
          tags,
          security,
          summary: 'Ten new recovery codes (the old ones stop working); needs a current code',
          body: CodeBody,
          response: { 200: RecoveryCodes, ...problems(400, 401, 403, 409, 422, 429) },
        },
      },
      async (req) => regenerateRecoveryCodes(ctx, req, principalOf(req).userId, req.body.code),
    );
  };
}
