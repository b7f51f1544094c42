import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { removeTwoFactor } from '../../identity/two-factor/two-factor-service.js';
import { resetPassword } from '../../identity/users/reset-password.js';
import {
  createUser,
  deleteUser,
  getUser,
  toUserView,
  updateUser,
} from '../../identity/users/users-service.js';
import { IdParams, NoContent, problems } from '../../platform/http/schemas.js';
import { usersRepo } from '../../store/repos/users-repo.js';
import { CreateUserBody, ResetPasswordBody, TemporaryPassword, UpdateUserBody, User } from './schema.js';

const tags = ['users'];
const config = { auth: { role: 'superadmin' as const } };
const security = [{ bearer: [] }];

/** Superadmin management of users. */
export function usersRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/users',
      { config, schema: { tags, security, response: { 200: Type.Array(User), ...problems(401, 403) } } },
      async () => (await usersRepo.list(ctx.db)).map(toUserView),
    );
    app.post(
      '/api/users',
      {
        config,
        schema: {
          tags,
          security,
          body: CreateUserBody,
          response: { 201: User, ...problems(400, 401, 403, 409, 422) },
        },
      },
      async (req, reply) => reply.code(201).send(toUserView(await createUser(ctx, req, req.body))),
    );
    app.get(
      '/api/users/:id',
      {
        config,
        schema: { tags, security, params: IdParams, response: { 200: User, ...problems(401, 403, 404) } },
      },
      async (req) => toUserView(await getUser(ctx, req.params.id)),
    );
    app.patch(
      '/api/users/:id',
      {
        config,
        schema: {
          tags,
          security,
          params: IdParams,
          body: UpdateUserBody,
          response: { 200: User, ...problems(400, 401, 403, 404, 409, 422) },
        },
      },
      async (req) => toUserView(await updateUser(ctx, req, req.params.id, req.body)),
    );
    app.post(
      '/api/users/:id/reset-password',
      {
        // A password is a credential: only a signed-in superadmin hands one out, never an API key.
        config: { auth: { role: 'superadmin' as const, jwtOnly: true } },
        // No body at all means "generate one".
        preValidation: async (req) => {
          req.body ??= {};
        },
        schema: {
          tags,
          security,
          params: IdParams,
          body: ResetPasswordBody,
          response: { 200: TemporaryPassword, ...problems(400, 401, 403, 404, 422) },
        },
      },
      async (req) => resetPassword(ctx, req, req.params.id, req.body?.temporary_password),
    );
    app.delete(
      '/api/users/:id',
      {
        config,
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 204: NoContent, ...problems(401, 403, 404, 409) },
        },
      },
      async (req, reply) => {
        await deleteUser(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
    app.delete(
      '/api/users/:id/two-factor',
      {
        config: { auth: { role: 'superadmin', jwtOnly: true } },
        schema: {
          tags,
          security,
          summary: "Removes a user's two-factor sign-in (lost phone and recovery codes)",
          params: IdParams,
          response: { 204: NoContent, ...problems(401, 403, 404, 409) },
        },
      },
      async (req, reply) => {
        await removeTwoFactor(ctx, req, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
