import type { FieldProblem } from '@app/kit';
import { resolveConfig } from '../../alerting/channels/channel-config.js';
import { type ChannelType, providers } from '../../alerting/notify/providers/index.js';
import { locationProblems } from '../../engine/locations/monitor-locations.js';
import { configFields } from '../../engine/monitors/monitor-fields.js';
import { type MonitorConfig, type MonitorInput, withDefaults } from '../../engine/monitors/monitor-input.js';
import { type MonitorSecrets, splitSecrets } from '../../engine/monitors/monitor-secrets.js';
import { validateMonitor } from '../../engine/monitors/validate-monitor.js';
import { DEFAULT_TAG_COLOR } from '../../engine/tags/tags-service.js';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { ConfigFile, MonitorDecl } from './config-document.js';
import { compileKinds, type DesiredKinds } from './desired-kinds.js';
import { hasReference, REF_FORM, resolveReferences } from './env-refs.js';
import { keysOnce, missingRef, namesOnce } from './file-keys.js';

// The file compiled into what the server should hold: references resolved, defaults applied,
// credentials split off as the monitor and channel services store them, every rule of the API
// checked. Problems carry document paths; nothing here reads or writes the database but the
// location ids it is given.

const CONFIG_KEYS = Object.keys(configFields) as (keyof MonitorConfig)[];

export interface DesiredGroup {
  key: string;
  at: string;
  name: string;
  parent: string | null;
  sort_order: number;
  escalation_policy: string | null;
}
export interface DesiredTag {
  key: string;
  at: string;
  name: string;
  color: string;
}
export interface DesiredChannel {
  key: string;
  at: string;
  name: string;
  type: ChannelType;
  /** Resolved and validated, secrets in clear: sealed only when written. */
  config: Record<string, unknown>;
  is_enabled: boolean;
  default_for_new_monitors: boolean;
  flood_limit: number | null;
}
export interface DesiredMonitor {
  key: string;
  at: string;
  /** The configuration as stored: credentials masked. */
  config: MonitorConfig;
  secrets: MonitorSecrets;
  paused: boolean;
  reminder_interval_minutes: number | null;
  location_ids: string[];
  quorum: number | null;
  group: string | null;
  channels: string[];
  tags: { key: string; value: string | null }[];
  depends_on: string[];
  escalation_policy: string | null;
}
export interface DesiredState extends DesiredKinds {
  groups: DesiredGroup[];
  tags: DesiredTag[];
  channels: DesiredChannel[];
  monitors: DesiredMonitor[];
}

/** Where each kind of credential of a monitor sits in its entry, for the secrets-by-reference rule. */
function secretPaths(s: MonitorSecrets, c: MonitorConfig): [string, string][] {
  const out: [string, string][] = [];
  if (s.url_password !== undefined) out.push(['url', s.url_password]);
  for (const [, v] of s.url_query ?? []) out.push(['url', v]);
  for (const [n, v] of Object.entries(s.headers ?? {})) out.push([`headers.${n}`, v]);
  if (s.auth !== undefined) out.push([c.auth?.type === 'basic' ? 'auth.password' : 'auth.token', s.auth]);
  return out;
}

function compileMonitor(
  m: MonitorDecl,
  at: string,
  env: Readonly<Record<string, string>>,
  knownLocations: Set<string>,
  problems: FieldProblem[],
): DesiredMonitor | null {
  const before = problems.length;
  const raw = Object.fromEntries(CONFIG_KEYS.filter((k) => k in m).map((k) => [k, m[k]])) as MonitorInput;
  // Secrets are never in the file: each credential the service would encrypt must be a reference.
  const unresolved = withDefaults(raw);
  for (const [path, value] of secretPaths(splitSecrets(unresolved).secrets, unresolved)) {
    if (!hasReference(value)) {
      problems.push({
        path: `${at}.${path}`,
        message: `holds a credential: write it as an ${REF_FORM} reference, never in the file`,
      });
    }
  }
  const resolved = withDefaults(resolveReferences(raw, env, at, problems));
  for (const p of validateMonitor(resolved)) problems.push({ path: `${at}.${p.path}`, message: p.message });
  const location_ids = (m.location_ids as string[] | undefined) ?? [LOCAL_LOCATION_ID];
  const quorum = (m.quorum as number | null | undefined) ?? null;
  problems.push(...locationProblems(location_ids, quorum, resolved.monitor_type, knownLocations, `${at}.`));
  if (problems.length > before) return null;
  const split = splitSecrets(resolved);
  return {
    key: m.key,
    at,
    config: split.config,
    secrets: split.secrets,
    paused: m.paused ?? false,
    reminder_interval_minutes: (m.reminder_interval_minutes as number | null | undefined) ?? null,
    location_ids: [...new Set(location_ids)],
    quorum,
    group: m.group ?? null,
    channels: [...(m.channels ?? [])].sort(),
    tags: (m.tags ?? [])
      .map((t) => (typeof t === 'string' ? { key: t, value: null } : { key: t.key, value: t.value || null }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    depends_on: [...(m.depends_on ?? [])].sort(),
    escalation_policy: m.escalation_policy ?? null,
  };
}

function compileChannel(
  c: NonNullable<ConfigFile['channels']>[number],
  at: string,
  key: Buffer,
  env: Readonly<Record<string, string>>,
  problems: FieldProblem[],
): DesiredChannel | null {
  const type = c.type as ChannelType;
  const before = problems.length;
  for (const f of providers[type].secretFields) {
    const v = c.config[f];
    if (v !== undefined && v !== null && !(typeof v === 'string' && hasReference(v))) {
      problems.push({
        path: `${at}.config.${f}`,
        message: `is a secret: write it as an ${REF_FORM} reference, never in the file`,
      });
    }
  }
  const sent = resolveReferences(c.config, env, `${at}.config`, problems);
  if (problems.length > before) return null;
  const { config, problems: found } = resolveConfig(key, type, sent, null);
  for (const p of found) problems.push({ path: `${at}.${p.path}`, message: p.message });
  if (problems.length > before) return null;
  return {
    key: c.key,
    at,
    name: c.name,
    type,
    config,
    is_enabled: c.is_enabled ?? true,
    default_for_new_monitors: c.default_for_new_monitors ?? false,
    flood_limit: c.flood_limit ?? null,
  };
}

/** A loop among parents (groups) or dependencies (monitors), named at the first entry on it. */
function cycleProblems(
  entries: { key: string; at: string; next: string[] }[],
  field: string,
  problems: FieldProblem[],
) {
  const next = new Map(entries.map((e) => [e.key, e.next]));
  const state = new Map<string, 1 | 2>();
  const visit = (k: string): boolean => {
    if (state.get(k) === 2) return false;
    if (state.get(k) === 1) return true;
    state.set(k, 1);
    for (const n of next.get(k) ?? []) if (visit(n)) return true;
    state.set(k, 2);
    return false;
  };
  for (const e of entries) {
    if (state.has(e.key)) continue;
    if (visit(e.key)) {
      problems.push({
        path: `${e.at}.${field}`,
        message: `closes a loop: "${e.key}" would be its own ${field === 'parent' ? 'ancestor' : 'dependency'}`,
      });
      return;
    }
  }
}

const noPolicy = (path: string, key: string): FieldProblem => ({
  path,
  message: `no escalation policy of this file has the key "${key}"`,
});

/**
 * The file as the server should hold it, or the problems that stop it, by document path. Every
 * reference the file makes is to a key of the same file: a file describes a closed set.
 */
export function compileDesired(
  file: ConfigFile,
  env: Readonly<Record<string, string>>,
  encryptionKey: Buffer,
  knownLocations: Set<string>,
): { desired: DesiredState; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const fileGroups = file.groups ?? [];
  const fileTags = file.tags ?? [];
  const fileChannels = file.channels ?? [];
  const fileMonitors = file.monitors ?? [];
  const groupKeys = keysOnce(fileGroups, 'groups', problems);
  const tagKeys = keysOnce(fileTags, 'tags', problems);
  const channelKeys = keysOnce(fileChannels, 'channels', problems);
  const monitorKeys = keysOnce(fileMonitors, 'monitors', problems);
  const policyKeys = new Set((file.escalation_policies ?? []).map((p) => p.key));
  const locationsKnown = new Set([...knownLocations, ...(file.locations ?? []).map((l) => l.key)]);
  namesOnce(fileTags, 'tags', problems);
  namesOnce(fileChannels, 'channels', problems);

  const groups = fileGroups.map((g, i) => {
    const at = `groups.${i}`;
    const parent = g.parent ?? null;
    if (parent !== null && !groupKeys.has(parent))
      problems.push({ path: `${at}.parent`, message: `no group of this file has the key "${parent}"` });
    const policy = g.escalation_policy ?? null;
    if (policy !== null && !policyKeys.has(policy))
      problems.push(noPolicy(`${at}.escalation_policy`, policy));
    return { key: g.key, at, name: g.name, parent, sort_order: g.sort_order ?? 0, escalation_policy: policy };
  });
  cycleProblems(
    groups.map((g) => ({ key: g.key, at: g.at, next: g.parent ? [g.parent] : [] })),
    'parent',
    problems,
  );
  const tags = fileTags.map((t, i) => ({
    key: t.key,
    at: `tags.${i}`,
    name: t.name,
    color: t.color ?? DEFAULT_TAG_COLOR,
  }));
  const channels = fileChannels
    .map((c, i) => compileChannel(c, `channels.${i}`, encryptionKey, env, problems))
    .filter((c): c is DesiredChannel => c !== null);
  const monitors: DesiredMonitor[] = [];
  fileMonitors.forEach((m, i) => {
    const at = `monitors.${i}`;
    if (m.group != null && !groupKeys.has(m.group))
      problems.push({ path: `${at}.group`, message: `no group of this file has the key "${m.group}"` });
    missingRef(m.channels, channelKeys, `${at}.channels`, 'channel', problems);
    missingRef(
      (m.tags ?? []).map((t) => (typeof t === 'string' ? t : t.key)),
      tagKeys,
      `${at}.tags`,
      'tag',
      problems,
    );
    missingRef(m.depends_on, monitorKeys, `${at}.depends_on`, 'monitor', problems);
    if (m.escalation_policy != null && !policyKeys.has(m.escalation_policy))
      problems.push(noPolicy(`${at}.escalation_policy`, m.escalation_policy));
    (m.depends_on ?? []).forEach((k, j) => {
      if (k === m.key)
        problems.push({ path: `${at}.depends_on.${j}`, message: 'a monitor cannot depend on itself' });
    });
    const d = compileMonitor(m, at, env, locationsKnown, problems);
    if (d) monitors.push(d);
  });
  cycleProblems(
    monitors.map((m) => ({ key: m.key, at: m.at, next: m.depends_on })),
    'depends_on',
    problems,
  );
  const kinds = compileKinds(file, env, { monitors: monitorKeys, channels: channelKeys }, problems);
  return { desired: { groups, tags, channels, monitors, ...kinds }, problems };
}
