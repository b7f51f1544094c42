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
