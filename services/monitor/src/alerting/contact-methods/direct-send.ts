import type { SettingsStore } from '../../platform/settings/settings-store.js';
import type { ChannelRow } from '../../store/repos/channels-repo.js';
import { openConfig } from '../channels/channel-config.js';
import { isChannelType, providers } from '../notify/providers/index.js';
import type { DeliveryOutcome, NotificationPayload, RenderedMessage } from '../notify/types.js';

/**
 * Sends one message through a personal method's provider at once, outside the outbox: used for the
 * verification code only, which must never sit in the outbox's stored payload or delivery log.
 */
export async function sendDirect(
  deps: { keys: { encryption: Buffer }; settings: Pick<SettingsStore, 'get'> },
  row: ChannelRow,
  message: RenderedMessage,
  timeoutMs = 10_000,
): Promise<DeliveryOutcome> {
  if (!isChannelType(row.type)) return { ok: false, status: null, error: `unknown type ${row.type}` };
  const s = await deps.settings.get();
  const payload: NotificationPayload = {
    event: 'test',
    monitor: { id: 0, name: 'Contact method verification', url: null },
    incident: null,
    result: null,
    at: new Date().toISOString(),
  };
  return providers[row.type].send(openConfig(deps.keys.encryption, row.type, row.config), payload, {
    appBaseUrl: s.app_base_url,
    timeoutMs,
    idempotencyKey: `verify:${row.id}:${Date.now()}`,
    smtp: {
      host: s.smtp_host,
      port: s.smtp_port,
      secure: s.smtp_secure,
      username: s.smtp_username,
      password: s.smtp_password,
      from: s.smtp_from,
    },
    custom: message,
  });
}
