/** One input of a channel type's config form. */
export interface ConfigField {
  key: string;
  label: string;
  kind: 'text' | 'secret' | 'number' | 'bool' | 'select';
  required?: boolean;
  hint?: string;
  options?: string[];
}

const url = (key: string, label: string, required = true): ConfigField => ({
  key,
  label,
  kind: 'text',
  required,
  hint: required ? undefined : 'Optional: point it at a local receiver or proxy.',
});
const hookUrl: ConfigField = { key: 'webhook_url', label: 'Webhook URL', kind: 'secret', required: true };

/** The config fields of each channel type (matching the service's provider schemas). */
export const CHANNEL_TYPES: Record<string, { label: string; fields: ConfigField[] }> = {
  webhook: {
    label: 'Webhook',
    fields: [
      url('url', 'URL'),
      { key: 'secret', label: 'Signing secret', kind: 'secret', hint: 'Adds X-Signature-256 (HMAC-SHA256).' },
    ],
  },
  email: {
    label: 'Email (SMTP)',
    fields: [
      { key: 'to', label: 'To', kind: 'text', required: true, hint: 'Comma-separated addresses.' },
      { key: 'from', label: 'From', kind: 'text', hint: 'Default: the SMTP settings.' },
      { key: 'host', label: 'SMTP host', kind: 'text', hint: 'Default: the SMTP settings.' },
      { key: 'port', label: 'SMTP port', kind: 'number' },
      { key: 'secure', label: 'TLS from the first byte (port 465)', kind: 'bool' },
      { key: 'username', label: 'SMTP username', kind: 'text' },
      { key: 'password', label: 'SMTP password', kind: 'secret' },
    ],
  },
  slack: { label: 'Slack', fields: [hookUrl] },
  discord: { label: 'Discord', fields: [hookUrl] },
  teams: { label: 'Microsoft Teams', fields: [hookUrl] },
  telegram: {
    label: 'Telegram',
    fields: [
      { key: 'bot_token', label: 'Bot token', kind: 'secret', required: true },
      { key: 'chat_id', label: 'Chat id', kind: 'text', required: true },
      url('base_url', 'API base URL', false),
    ],
  },
  ntfy: {
    label: 'ntfy',
    fields: [
      { key: 'topic', label: 'Topic', kind: 'text', required: true },
      url('server_url', 'Server URL', false),
      { key: 'token', label: 'Access token', kind: 'secret' },
      { key: 'priority', label: 'Priority (1–5)', kind: 'number' },
    ],
  },
  pagerduty: {
    label: 'PagerDuty',
    fields: [
      { key: 'routing_key', label: 'Routing key', kind: 'secret', required: true },
      url('base_url', 'Events API base URL', false),
      {
        key: 'severity',
        label: 'Severity',
        kind: 'select',
        options: ['', 'critical', 'error', 'warning', 'info'],
      },
    ],
  },
  matrix: {
    label: 'Matrix',
    fields: [
      url('homeserver_url', 'Homeserver URL'),
      { key: 'access_token', label: 'Access token', kind: 'secret', required: true },
      { key: 'room_id', label: 'Room id', kind: 'text', required: true, hint: '!abc123:example.org' },
    ],
  },
  mattermost: {
    label: 'Mattermost',
    fields: [
      hookUrl,
      { key: 'channel', label: 'Channel', kind: 'text', hint: 'Default: the webhook’s channel.' },
      { key: 'username', label: 'Post as', kind: 'text' },
    ],
  },
  rocketchat: { label: 'Rocket.Chat', fields: [hookUrl] },
  googlechat: { label: 'Google Chat', fields: [hookUrl] },
  zulip: {
    label: 'Zulip',
    fields: [
      url('site_url', 'Zulip URL'),
      { key: 'bot_email', label: 'Bot e-mail', kind: 'text', required: true },
      { key: 'api_key', label: 'Bot API key', kind: 'secret', required: true },
      { key: 'stream', label: 'Stream', kind: 'text', required: true },
      { key: 'topic', label: 'Topic', kind: 'text', hint: 'Default: the monitor’s name.' },
    ],
  },
  pushover: {
    label: 'Pushover',
    fields: [
      { key: 'user_key', label: 'User key', kind: 'secret', required: true },
      { key: 'app_token', label: 'Application token', kind: 'secret', required: true },
      url('base_url', 'API base URL', false),
      { key: 'priority', label: 'Priority (-2–1)', kind: 'number' },
    ],
  },
  gotify: {
    label: 'Gotify',
    fields: [
      url('server_url', 'Server URL'),
      { key: 'app_token', label: 'Application token', kind: 'secret', required: true },
      { key: 'priority', label: 'Priority (0–10)', kind: 'number' },
    ],
  },
  opsgenie: {
    label: 'Opsgenie',
    fields: [
      { key: 'api_key', label: 'API key', kind: 'secret', required: true },
      url('base_url', 'API base URL (EU: https://api.eu.opsgenie.com)', false),
    ],
  },
  splunk_oncall: {
    label: 'Splunk On-Call (VictorOps)',
    fields: [{ key: 'rest_url', label: 'REST endpoint URL', kind: 'secret', required: true }],
  },
  twilio: {
    label: 'Twilio SMS',
    fields: [
      { key: 'account_sid', label: 'Account SID', kind: 'text', required: true },
      { key: 'auth_token', label: 'Auth token', kind: 'secret', required: true },
      { key: 'from', label: 'From number', kind: 'text', required: true, hint: 'E.164, e.g. +15551234567' },
      { key: 'to', label: 'To number', kind: 'text', required: true },
      url('base_url', 'API base URL', false),
    ],
  },
  signal: {
    label: 'Signal (signal-cli REST API)',
    fields: [
      url('base_url', 'signal-cli REST API URL'),
      { key: 'number', label: 'Sender number', kind: 'text', required: true },
      { key: 'recipients', label: 'Recipients', kind: 'text', required: true, hint: 'Comma-separated.' },
      { key: 'token', label: 'Proxy bearer token', kind: 'secret' },
    ],
  },
  homeassistant: {
    label: 'Home Assistant',
    fields: [
      url('base_url', 'Home Assistant URL'),
      { key: 'access_token', label: 'Long-lived access token', kind: 'secret', required: true },
      {
        key: 'service',
        label: 'Notify service',
        kind: 'text',
        required: true,
        hint: 'e.g. mobile_app_pixel_8',
      },
    ],
  },
  alertmanager: {
    label: 'Alertmanager-compatible webhook',
    fields: [
      url('url', 'Receiver URL'),
      { key: 'receiver', label: 'Receiver name', kind: 'text' },
      { key: 'bearer_token', label: 'Bearer token', kind: 'secret' },
    ],
  },
};

/** A config object from form strings: empty optional values are left out, numbers and booleans typed. */
export function configOf(type: string, values: Record<string, string | boolean>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of CHANNEL_TYPES[type]?.fields ?? []) {
    const v = values[f.key];
    if (f.kind === 'bool') {
      if (v === true) out[f.key] = true;
      continue;
    }
    if (typeof v !== 'string' || v.trim() === '') continue;
    out[f.key] = f.kind === 'number' && /^\d+$/.test(v.trim()) ? Number(v) : v.trim();
  }
  return out;
}
