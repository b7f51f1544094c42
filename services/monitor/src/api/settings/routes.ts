import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { problems } from '../../platform/http/schemas.js';
import { SettingsPatch, SettingsView } from '../../platform/settings/settings-schema.js';
import { readSettings, updateSettings } from '../../platform/settings/settings-service.js';

const tags = ['settings'];
const security = [{ bearer: [] }];
const config = { auth: { role: 'superadmin' as const } };

/** Instance settings (superadmin). */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/settings',
      { config, schema: { tags, security, response: { 200: SettingsView, ...problems(401, 403) } } },
      () => readSettings(ctx),
    );
    app.put(
      '/api/settings',
      {
        config,
        schema: {
          tags,
          security,
          description: 'Sets the keys sent; the others keep their values. Unknown keys → 422.',
          body: SettingsPatch,
          response: { 200: SettingsView, ...problems(400, 401, 403, 422) },
        },
      },
      (req) => updateSettings(ctx, req, req.body),
    );
  };
}
