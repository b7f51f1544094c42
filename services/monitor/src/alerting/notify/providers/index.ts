import type { Provider } from '../types.js';
import { alertmanagerProvider } from './alertmanager.js';
import { discordProvider } from './discord.js';
import { emailProvider } from './email.js';
import { googleChatProvider } from './google-chat.js';
import { gotifyProvider } from './gotify.js';
import { homeAssistantProvider } from './home-assistant.js';
import { matrixProvider } from './matrix.js';
import { mattermostProvider } from './mattermost.js';
import { ntfyProvider } from './ntfy.js';
import { opsgenieProvider } from './opsgenie.js';
import { pagerDutyProvider } from './pagerduty.js';
import { pushoverProvider } from './pushover.js';
import { rocketChatProvider } from './rocketchat.js';
import { signalProvider } from './signal.js';
import { slackProvider } from './slack.js';
import { splunkOnCallProvider } from './splunk-oncall.js';
import { teamsProvider } from './teams.js';
import { telegramProvider } from './telegram.js';
import { twilioProvider } from './twilio.js';
import { webhookProvider } from './webhook.js';
import { zulipProvider } from './zulip.js';

/**
 * Every channel type by name: the one list of providers. The type names, the API's `type` enum
 * (api/channels/schema.ts) and the config rules (channels/) all come from here; the order is the
 * order the API documents them in.
 */
export const providers = {
  webhook: webhookProvider,
  email: emailProvider,
  slack: slackProvider,
  discord: discordProvider,
  telegram: telegramProvider,
  teams: teamsProvider,
  ntfy: ntfyProvider,
  pagerduty: pagerDutyProvider,
  matrix: matrixProvider,
  mattermost: mattermostProvider,
  rocketchat: rocketChatProvider,
  googlechat: googleChatProvider,
  zulip: zulipProvider,
  pushover: pushoverProvider,
  gotify: gotifyProvider,
  opsgenie: opsgenieProvider,
  splunk_oncall: splunkOnCallProvider,
  twilio: twilioProvider,
  signal: signalProvider,
  homeassistant: homeAssistantProvider,
  alertmanager: alertmanagerProvider,
} as const satisfies Record<string, Provider>;

export type ChannelType = keyof typeof providers;
export const CHANNEL_TYPES = Object.keys(providers) as readonly ChannelType[];

/** Narrows a stored type name to a known channel type. */
export function isChannelType(type: string): type is ChannelType {
  return Object.hasOwn(providers, type);
}

/** The provider of a stored type name (a row written by a newer version may name an unknown one). */
export function providerOf(type: string): Provider | undefined {
  return isChannelType(type) ? providers[type] : undefined;
}

export { webhookSignature } from './webhook.js';
