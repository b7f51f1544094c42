import { maskConfig } from '../../alerting/channels/channel-config.js';
import { type ChannelType, providers } from '../../alerting/notify/providers/index.js';
import { SECRET_MASK } from '../../platform/crypto/secret-box.js';
import { configStateRepo } from '../../store/repos/config-state-repo.js';
import type { Db } from '../../store/schema.js';
import { toPortable } from '../transfer/portable-monitor.js';
import { CONFIG_VERSION, type ConfigFile, type MonitorDecl } from './config-document.js';
import { exportKinds } from './export-kinds.js';

/** A variable an exported file refers to, where a credential was: set it before applying the file. */
export interface ExportVariable {
  name: string;
  at: string;
}

const envName = (...parts: string[]) =>
  parts
    .join('_')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(\d)/, '_$1');
const ref = (name: string) => `$${'{'}${name}}`;

/**
 * The configuration here as a config file: every object of every kind a file declares, keyed by its
 * config key or, for objects no file created, a generated `<kind>-<id>` (which an apply here adopts).
 * Credentials never leave: each one becomes a reference to a variable named after the object
 * and listed in `variables`, so the file applies once those are set.
 */
export async function exportConfig(deps: {
  db: Db;
}): Promise<{ file: ConfigFile; variables: ExportVariable[] }> {
  const state = await configStateRepo.load(deps.db);
  const keys = {} as Record<'group' | 'tag' | 'channel' | 'monitor', Map<number, string>>;
  const keyed = (kind: keyof typeof keys, rows: { id: number; config_key: string | null }[]) => {
    keys[kind] = new Map(rows.map((r) => [r.id, r.config_key ?? `${kind}-${r.id}`]));
  };
  keyed('group', state.groups);
  keyed('tag', state.tags);
  keyed('channel', state.channels);
  keyed('monitor', state.monitors);
  const variables: ExportVariable[] = [];
  const secretRef = (at: string, ...parts: string[]) => {
    const name = envName(...parts);
    variables.push({ name, at });
    return ref(name);
  };
  const channels = state.channels.map((c, i) => {
    const key = keys.channel.get(c.id)!;
    const config = maskConfig(c.type as ChannelType, c.config);
    for (const f of providers[c.type as ChannelType].secretFields) {
      if (config[f] === SECRET_MASK) config[f] = secretRef(`channels[${i}].config.${f}`, 'channel', key, f);
    }
    return {
      key,
      name: c.name,
      type: c.type,
      config,
      is_enabled: c.is_enabled === 1,
      default_for_new_monitors: c.default_for_new_monitors === 1,
      flood_limit: c.flood_limit,
    };
  });
  const channelsOf = new Map<number, string[]>();
  for (const l of state.links)
    channelsOf.set(l.monitor_id, [...(channelsOf.get(l.monitor_id) ?? []), keys.channel.get(l.channel_id)!]);
  const tagsOf = new Map<number, { key: string; value?: string }[]>();
  for (const t of state.monitorTags) {
    const tag = { key: keys.tag.get(t.tag_id)!, ...(t.value !== null && { value: t.value }) };
    tagsOf.set(t.monitor_id, [...(tagsOf.get(t.monitor_id) ?? []), tag]);
  }
  const depsOf = new Map<number, string[]>();
  for (const d of state.deps)
    depsOf.set(d.monitor_id, [...(depsOf.get(d.monitor_id) ?? []), keys.monitor.get(d.depends_on_id)!]);
  const policyKeys = new Map(state.policies.map((p) => [p.id, p.config_key ?? `escalation_policy-${p.id}`]));
  const policyKey = (id: number | null) => (id === null ? null : (policyKeys.get(id) ?? null));
  const monitors = state.monitors.map((r, i): MonitorDecl => {
    const key = keys.monitor.get(r.id)!;
    const at = `monitors[${i}]`;
    // The transfer's portable form: the configuration, credentials masked, locations, paused.
    const {
      channels: _names,
      group: _path,
      tags: _tags,
      ...portable
    } = toPortable(r, [], { group: null, tags: [] });
    let n = 0;
    if (portable.url?.includes(SECRET_MASK)) {
      portable.url = portable.url.replaceAll(SECRET_MASK, () =>
        secretRef(`${at}.url`, 'monitor', key, 'url', String(++n)),
      );
    }
    if (portable.headers) {
      for (const [h, v] of Object.entries(portable.headers))
        if (v === SECRET_MASK)
          portable.headers[h] = secretRef(`${at}.headers.${h}`, 'monitor', key, 'header', h);
    }
    if (portable.auth?.type === 'basic' && portable.auth.password === SECRET_MASK)
      portable.auth = {
        ...portable.auth,
        password: secretRef(`${at}.auth.password`, 'monitor', key, 'password'),
      };
    if (portable.auth?.type === 'bearer' && portable.auth.token === SECRET_MASK)
      portable.auth = { ...portable.auth, token: secretRef(`${at}.auth.token`, 'monitor', key, 'token') };
    return {
      key,
      ...portable,
      group: r.group_id === null ? null : keys.group.get(r.group_id)!,
      channels: channelsOf.get(r.id) ?? [],
      tags: tagsOf.get(r.id) ?? [],
      depends_on: depsOf.get(r.id) ?? [],
      escalation_policy: policyKey(r.escalation_policy_id),
    };
  });
  const file: ConfigFile = {
    version: CONFIG_VERSION,
    groups: state.groups.map((g) => ({
      key: keys.group.get(g.id)!,
      name: g.name,
      parent: g.parent_id === null ? null : keys.group.get(g.parent_id)!,
      sort_order: g.sort_order,
      escalation_policy: policyKey(g.escalation_policy_id),
    })),
    tags: state.tags.map((t) => ({ key: keys.tag.get(t.id)!, name: t.name, color: t.color })),
    channels,
    monitors,
    ...exportKinds(
      state,
      (kind, id) => (kind === 'monitor' || kind === 'channel' ? keys[kind].get(id) : undefined),
      secretRef,
    ),
  };
  return { file, variables };
}
