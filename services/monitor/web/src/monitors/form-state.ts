import type { JourneyStep, Monitor, MonitorConfig, MonitorType } from '../api/types.js';
import { FIELDS_BY_TYPE, type FieldName } from './monitor-fields.js';

/** The form's editable state: strings for every input, converted on submit. */
export interface FormState {
  name: string;
  monitor_type: MonitorType;
  url: string;
  check_interval_seconds: string;
  timeout_seconds: string;
  retry_count: string;
  retry_interval_seconds: string;
  expected_status_codes: string;
  headers: string;
  body: string;
  auth_type: '' | 'basic' | 'bearer';
  auth_username: string;
  auth_password: string;
  auth_token: string;
  max_redirects: string;
  ignore_tls_errors: boolean;
  keyword: string;
  json_path: string;
  json_expected: string;
  dns_record_type: string;
  dns_expected: string;
  dns_resolver: string;
  tls_warn_days: string;
  heartbeat_grace_seconds: string;
  query: string;
  expected_value: string;
  message: string;
  topic: string;
  service_name: string;
  starttls: boolean;
  expected_close_code: string;
  /** Journeys (issue 32, journey-fields.tsx): the steps as objects, the script, viewport, blocklist lines. */
  steps: JourneyStep[];
  script: string;
  viewport: string;
  blocklist: string;
  badge_enabled: boolean;
  channel_ids: number[];
  /** Conditions and dependencies (condition-fields.tsx). */
  degraded_response_ms: string;
  recovery_count: string;
  /** SLA reports' target in percent; empty: the instance's default. */
  sla_target_percent: string;
  invert: boolean;
  depends_on: number[];
  /** Groups and tags (issue 14): the group's id ('' for none) and tags by name with their value. */
  group_id: string;
  tags: { name: string; value: string }[];
  /** Locations (issue 13): where it is checked from, and the quorum ('' for a majority). */
  location_ids: string[];
  quorum: string;
}

/** A new monitor's form, with the service's defaults shown. */
export function emptyForm(): FormState {
  return {
    name: '',
    monitor_type: 'http_get',
    url: '',
    check_interval_seconds: '60',
    timeout_seconds: '',
    retry_count: '3',
    retry_interval_seconds: '',
    expected_status_codes: '2xx',
    headers: '',
    body: '',
    auth_type: '',
    auth_username: '',
    auth_password: '',
    auth_token: '',
    max_redirects: '10',
    ignore_tls_errors: false,
    keyword: '',
    json_path: '',
    json_expected: '',
    dns_record_type: 'A',
    dns_expected: '',
    dns_resolver: '',
    tls_warn_days: '14',
    heartbeat_grace_seconds: '60',
    query: '',
    expected_value: '',
    message: '',
    topic: '',
    service_name: '',
    starttls: false,
    expected_close_code: '',
    steps: [],
    script: '',
    viewport: '',
    blocklist: '',
    badge_enabled: false,
    channel_ids: [],
    degraded_response_ms: '',
    recovery_count: '1',
    sla_target_percent: '',
    invert: false,
    depends_on: [],
    group_id: '',
    tags: [],
    location_ids: ['local'],
    quorum: '',
  };
}

/**
 * What stored credentials read as (URL password, credential headers, auth password or token).
 * Sent back unchanged, the service keeps the stored value, so editing other fields needs no retyping.
 */
export const SECRET_MASK = '********';

/** The message of the first problem about a header (`headers.X-Api-Key`), shown at the headers box. */
export function headersError(errors: Record<string, string>): string | undefined {
  const key = Object.keys(errors).find((k) => k === 'headers' || k.startsWith('headers.'));
  return key === undefined ? undefined : key === 'headers' ? errors[key] : `${key.slice(8)}: ${errors[key]}`;
}

/** The form of an existing monitor. */
export function formOf(m: Monitor): FormState {
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    name: m.name,
    monitor_type: m.monitor_type,
    url: s(m.url),
    check_interval_seconds: s(m.check_interval_seconds),
    timeout_seconds: s(m.timeout_seconds),
    retry_count: s(m.retry_count),
    retry_interval_seconds: s(m.retry_interval_seconds),
    expected_status_codes: m.expected_status_codes,
    headers: m.headers
      ? Object.entries(m.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')
      : '',
    body: s(m.body),
    auth_type: m.auth?.type ?? '',
    auth_username: m.auth?.type === 'basic' ? m.auth.username : '',
    auth_password: m.auth?.type === 'basic' ? m.auth.password : '',
    auth_token: m.auth?.type === 'bearer' ? m.auth.token : '',
    max_redirects: s(m.max_redirects),
    ignore_tls_errors: m.ignore_tls_errors,
    keyword: s(m.keyword),
    json_path: s(m.json_path),
    json_expected: s(m.json_expected),
    dns_record_type: m.dns_record_type,
    dns_expected: s(m.dns_expected),
    dns_resolver: s(m.dns_resolver),
    tls_warn_days: s(m.tls_warn_days),
    heartbeat_grace_seconds: s(m.heartbeat_grace_seconds),
    query: s(m.query),
    expected_value: s(m.expected_value),
    message: s(m.message),
    topic: s(m.topic),
    service_name: s(m.service_name),
    // A service that predates these fields leaves them out.
    starttls: m.starttls ?? false,
    expected_close_code: s(m.expected_close_code),
    steps: m.steps ?? [],
    script: s(m.script),
    viewport: s(m.viewport),
    blocklist: (m.blocklist ?? []).join('\n'),
    badge_enabled: m.badge_enabled,
    channel_ids: m.channel_ids ?? [],
    degraded_response_ms: s(m.degraded_response_ms),
    recovery_count: s(m.recovery_count ?? 1),
    sla_target_percent: s(m.sla_target_percent ?? null),
    invert: m.invert ?? false,
    depends_on: m.depends_on ?? [],
    group_id: s(m.group_id),
    tags: (m.tags ?? []).map((t) => ({ name: t.name, value: t.value ?? '' })),
    location_ids: m.location_ids?.length ? m.location_ids : ['local'],
    quorum: s(m.quorum),
  };
}

/** Lines "Name: value" as a header object; a line without a colon is reported by index. */
export function parseHeaders(text: string): Record<string, string> | { error: string } {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const at = line.indexOf(':');
    if (at <= 0) return { error: `Line ${i + 1} needs the form "Name: value".` };
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/**
 * The request body for this form: only the fields the type uses, so the API applies its defaults to
 * the rest. Numbers that do not parse are sent as they are and come back as the API's 422 message.
 */
export function bodyOf(
  f: FormState,
  withChannels: boolean,
): { body: Partial<MonitorConfig>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const used = new Set<FieldName>(FIELDS_BY_TYPE[f.monitor_type]);
  const body: Record<string, unknown> = { name: f.name, monitor_type: f.monitor_type };
  const num = (v: string) => (v.trim() === '' ? undefined : /^-?\d+$/.test(v.trim()) ? Number(v) : v);
  const text = (v: string) => (v.trim() === '' ? null : v);
  body.check_interval_seconds = num(f.check_interval_seconds);
  for (const k of [
    'timeout_seconds',
    'retry_count',
    'retry_interval_seconds',
    'max_redirects',
    'tls_warn_days',
    'heartbeat_grace_seconds',
    'expected_close_code',
  ] as const) {
    if (used.has(k)) body[k] = num(f[k]);
  }
  for (const k of [
    'url',
    'body',
    'keyword',
    'json_path',
    'json_expected',
    'dns_expected',
    'dns_resolver',
    'query',
    'expected_value',
    'message',
    'topic',
    'service_name',
    'script',
    'viewport',
  ] as const) {
    if (used.has(k)) body[k] = text(f[k]);
  }
  if (used.has('steps'))
    body.steps = f.steps.length > 0 && !(used.has('script') && f.script.trim()) ? f.steps : null;
  if (used.has('blocklist')) {
    const lines = f.blocklist
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    body.blocklist = lines.length > 0 ? lines : null;
  }
  if (used.has('expected_status_codes')) body.expected_status_codes = f.expected_status_codes;
  if (used.has('dns_record_type')) body.dns_record_type = f.dns_record_type;
  if (used.has('ignore_tls_errors')) body.ignore_tls_errors = f.ignore_tls_errors;
  if (used.has('starttls')) body.starttls = f.starttls;
  if (used.has('credentials')) {
    // A service takes a user name and password only; none typed means none sent.
    body.auth =
      f.auth_username || f.auth_password
        ? { type: 'basic', username: f.auth_username, password: f.auth_password }
        : null;
  }
  if (used.has('headers')) {
    const h = parseHeaders(f.headers);
    if ('error' in h && typeof h.error === 'string') errors.headers = h.error;
    else body.headers = Object.keys(h).length ? h : null;
  }
  if (used.has('auth')) {
    body.auth =
      f.auth_type === 'basic'
        ? { type: 'basic', username: f.auth_username, password: f.auth_password }
        : f.auth_type === 'bearer'
          ? { type: 'bearer', token: f.auth_token }
          : null;
  }
  body.badge_enabled = f.badge_enabled;
  if (withChannels) body.channel_ids = f.channel_ids;
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return { body: body as Partial<MonitorConfig>, errors };
}
