import type { Settings } from '../../platform/settings/settings-schema.js';
import type { SettingsStore } from '../../platform/settings/settings-store.js';
import { channelsRepo } from '../../store/repos/channels-repo.js';
import { settingsRepo } from '../../store/repos/settings-repo.js';
import type { Db } from '../../store/schema.js';

/** What subscriber mail goes out with: the e-mail channel (its server and sender) and the links' base. */
export interface SubscriptionTransport {
  channelId: number;
  baseUrl: string;
}

async function transportOf(
  db: Db,
  channelId: number | null,
  baseUrl: string | null,
): Promise<SubscriptionTransport | null> {
  if (channelId === null || !baseUrl) return null;
  const ch = await channelsRepo.byId(db, channelId);
  if (ch?.type !== 'email' || ch.is_enabled !== 1) return null;
  return { channelId: ch.id, baseUrl: baseUrl.replace(/\/+$/, '') };
}

/**
 * The transport when subscriptions are configured, else null: the superadmin has chosen an
 * enabled e-mail channel (setting status_subscriptions_channel_id) and set app_base_url, which
 * every confirmation and unsubscribe link needs. Until then the subscribe form is not shown and
 * the subscription endpoints answer 404. Reads through `db`, so it works inside a transaction
 * (on SQLite the settings cache would wait for the connection the transaction holds).
 */
export async function subscriptionTransport(db: Db): Promise<SubscriptionTransport | null> {
  const rows = await settingsRepo.some(db, ['status_subscriptions_channel_id', 'app_base_url']);
  const value = (key: string) => {
    const row = rows.find((r) => r.key === key);
    return row ? (JSON.parse(row.value) as unknown) : null;
  };
  const id = value('status_subscriptions_channel_id');
  const base = value('app_base_url');
  return transportOf(db, typeof id === 'number' ? id : null, typeof base === 'string' ? base : null);
}

/** How long the public page trusts its answer about the channel (each page view asks). */
const ENABLED_TTL_MS = 5000;
// Keyed on the settings object: a settings change replaces it, so a new answer is computed at once.
const enabledMemo = new WeakMap<Settings, { at: number; value: boolean }>();

/**
 * For the public page: whether to show the subscribe form. Asked on every page view, so the
 * channel lookup is kept a few seconds (the settings themselves are cached by their store).
 */
export async function subscriptionsEnabled(ctx: { db: Db; settings: SettingsStore }): Promise<boolean> {
  const s = await ctx.settings.get();
  const memo = enabledMemo.get(s);
  if (memo && Date.now() - memo.at < ENABLED_TTL_MS) return memo.value;
  const value = (await transportOf(ctx.db, s.status_subscriptions_channel_id, s.app_base_url)) !== null;
  enabledMemo.set(s, { at: Date.now(), value });
  return value;
}
