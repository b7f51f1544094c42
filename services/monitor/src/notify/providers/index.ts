import type { Provider } from '../types.js';
import { discordProvider } from './discord.js';
import { emailProvider } from './email.js';
import { ntfyProvider } from './ntfy.js';
import { pagerDutyProvider } from './pagerduty.js';
import { slackProvider } from './slack.js';
import { teamsProvider } from './teams.js';
import { telegramProvider } from './telegram.js';
import { webhookProvider } from './webhook.js';

export const CHANNEL_TYPES = [
  'webhook',
  'email',
  'slack',
  'discord',
  'telegram',
  'teams',
  'ntfy',
  'pagerduty',
] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** Every channel type by name. */
export const providers: Record<ChannelType, Provider> = {
  webhook: webhookProvider,
  email: emailProvider,
  slack: slackProvider,
  discord: discordProvider,
  telegram: telegramProvider,
  teams: teamsProvider,
  ntfy: ntfyProvider,
  pagerduty: pagerDutyProvider,
};

/** Narrows a stored type name to a known channel type. */
export function isChannelType(type: string): type is ChannelType {
  return (CHANNEL_TYPES as readonly string[]).includes(type);
}

/** The provider of a stored type name (a row written by a newer version may name an unknown one). */
export function providerOf(type: string): Provider | undefined {
  return (providers as Record<string, Provider>)[type];
}

export { webhookSignature } from './webhook.js';
