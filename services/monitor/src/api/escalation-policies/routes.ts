import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createPolicy,
  deletePolicy,
  getPolicy,
  listPolicies,
  updatePolicy,
} from '../../alerting/escalation/policies-service.js';
import type { AppContext } from '../../context.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import { Policy, PolicyBody } from './schema.js';

const tags = ['escalation'];
const security = [{ bearer: [] }];
const viewer = { auth: { role: 'viewer' as const } };
const admin = { auth: { role: 'admin' as const } };

/** Escalation policies: CRUD (see docs/escalation.md). */
export function escalationPoliciesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/escalation-policies',
      { config: viewer, schema: { tags, security, response: { 200: Type.Array(Policy), ...problems(401) } } },
      () => listPolicies(ctx),
    );
    app.post(
      '/api/escalation-policies',
      {
        config: admin,
        schema: {
          tags,
          security,
          body: PolicyBody,
          response: { 201: Policy, ...problems(400, 401, 403, 409, 422) },
        },
      },
      async (req, reply) => reply.code(201).send(await createPolicy(ctx, req, req.body)),
    );
    app.get(
      '/api/escalation-policies/:id',
      {
        config: viewer,
        schema: { tags, security, params: IdParams, response: { 200: Policy, ...problems(401, 404, 422) } },
      },
      (req) => getPolicy(ctx, req.params.id),
    );
    app.put(
      '/api/escalation-policies/:id',
      {
        config: admin,
        schema: {
          tags,
          security,
          params: IdParams,
          body: PolicyBody,
          response: { 200: Policy, ...problems(400, 401, 403, 404, 409, 422) },
        },
      },
      (req) => updatePolicy(ctx, req, req.params.id, req.body),
    );
    app.delete(
      '/api/escalation-policies/:id',
      {
        config: admin,
        schema: {
          tags,
          security,
          description: 'Monitors and groups that named the policy are left without one.',
          params: IdParams,
          response: { 204: NoContent, ...problems(401, 403, 404, 422) },
        },
      },
      async (req, reply) => {
        await deletePolicy(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
