import type { FieldProblem } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { channelsRepo } from '../../store/repos/channels-repo.js';
import { settingsRepo } from '../../store/repos/settings-repo.js';
import { type AuditDeps, audited } from '../audit/audit.js';
import { encryptSecret, SECRET_MASK } from '../crypto/secret-box.js';
import { checkHttpUrl } from '../http/http-url.js';
import { SECRET_SETTINGS, type Settings, type SettingsPatchBody } from './settings-schema.js';
import type { SettingsStore } from './settings-store.js';

/** What reading the settings uses: the cached store. */
export interface ReadSettingsDeps {
  settings: Pick<SettingsStore, 'get'>;
}

/** What a settings change uses: the database, the key that seals secret settings, and the cache it clears. */
export interface UpdateSettingsDeps extends AuditDeps {
  keys: { encryption: Buffer };
  settings: Pick<SettingsStore, 'get' | 'invalidate'>;
}

const MAILBOX = /^(?:[^<>]*<[^\s@<>,]+@[^\s@<>,]+>|[^\s@<>,]+@[^\s@<>,]+)$/;

/** The API form: secrets masked. */
export function maskSettings(s: Settings): Settings {
  const out = { ...s };
  for (const k of SECRET_SETTINGS) if (out[k] !== null) (out as Record<string, unknown>)[k] = SECRET_MASK;
  return out;
}

/** The settings as GET shows them. */
export async function readSettings(deps: ReadSettingsDeps): Promise<Settings> {
  return maskSettings(await deps.settings.get());
}

function checkPatch(p: SettingsPatchBody): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (p.app_base_url) {
    const problem = checkHttpUrl(p.app_base_url);
    if (problem) out.push({ path: 'app_base_url', message: problem });
  }
  if (p.smtp_from && !MAILBOX.test(p.smtp_from.trim())) {
    out.push({ path: 'smtp_from', message: 'must be an email address or "Name <address>"' });
  }
  return out;
}

/** Applies the keys present in `patch`; a secret sent back as the mask keeps its stored value. */
export async function updateSettings(
  deps: UpdateSettingsDeps,
  req: FastifyRequest,
  patch: SettingsPatchBody,
): Promise<Settings> {
  const problems = checkPatch(patch);
  const channelId = patch.status_subscriptions_channel_id;
  if (typeof channelId === 'number') {
    const ch = await channelsRepo.byId(deps.db, channelId);
    if (ch?.type !== 'email') {
      problems.push({
        path: 'status_subscriptions_channel_id',
        message: ch ? 'must name an e-mail channel' : `channel ${channelId} does not exist`,
      });
    }
  }
  if (problems.length > 0) {
    throw errors.validation_failed(
      `The settings are invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      {
        errors: problems,
      },
    );
  }
  const changed: Record<string, unknown> = {};
  await audited(deps, req, async (trx) => {
    const now = Date.now();
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) continue;
      const secret = SECRET_SETTINGS.has(k as keyof Settings);
      if (secret && v === SECRET_MASK) continue;
      changed[k] = v;
      const stored = secret && typeof v === 'string' ? encryptSecret(deps.keys.encryption, v) : v;
      await settingsRepo.put(trx, k, JSON.stringify(stored), now);
    }
    return [
      null,
      { action: 'settings.update', resource_type: 'settings', resource_id: null, detail: changed },
    ];
  });
  deps.settings.invalidate();
  return readSettings(deps);
}
