import type { FieldProblem } from '@app/kit';
import { type ChannelType, providers } from '../notify/providers/index.js';
import type { ChannelConfig } from './channel-config.js';
import { SECRET_MASK } from './secret-box.js';

/**
 * The fields that say where a channel's messages (and so its secrets) go. Slack, Discord and
 * Teams have none apart from their secret webhook URL, which can only change by being re-entered.
 * The chat id and the ntfy topic count too: a kept bot token or access token would otherwise post
 * into someone else's chat or topic.
 */
export const DESTINATION_FIELDS: Record<ChannelType, readonly string[]> = {
  webhook: ['url'],
  email: ['host', 'port', 'secure'],
  slack: [],
  discord: [],
  teams: [],
  telegram: ['base_url', 'chat_id'],
  ntfy: ['server_url', 'topic'],
  pagerduty: ['base_url'],
};

/**
 * When a write changes where a channel sends, every stored secret must come with a new value:
 * sent back as the mask, or left out, it is a problem naming the field. An admin who cannot read a
 * token could otherwise point the channel at a host of theirs and press "test".
 */
export function repointProblems(
  type: ChannelType,
  sent: ChannelConfig,
  previous: ChannelConfig,
): FieldProblem[] {
  const moved = DESTINATION_FIELDS[type].filter(
    (f) => JSON.stringify(sent[f] ?? null) !== JSON.stringify(previous[f] ?? null),
  );
  if (moved.length === 0) return [];
  const where = moved.map((f) => `config.${f}`).join(', ');
  return providers[type].secretFields
    .filter((f) => typeof previous[f] === 'string' && (sent[f] === SECRET_MASK || sent[f] === undefined))
    .map((f) => ({
      path: `config.${f}`,
      message: `must be entered again: the destination changed (${where})`,
    }));
}
