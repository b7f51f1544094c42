import { openConfig } from '../../alerting/channels/channel-config.js';
import { type ChannelType, providers } from '../../alerting/notify/providers/index.js';
import { parseLocationIds } from '../../engine/locations/monitor-locations.js';
import { configFields } from '../../engine/monitors/monitor-fields.js';
import { configOf } from '../../engine/monitors/monitor-input.js';
import { type MonitorSecrets, openSecrets } from '../../engine/monitors/monitor-secrets.js';
import type { ConfigKind, ConfigState } from '../../store/repos/config-state-repo.js';
import type { DesiredState } from './desired-state.js';

// The server's side of a plan: its objects matched to the file's keys, and each object (file or
// server) in one comparable form, `view` (what a plan may print) and `secrets` (compared, never
// printed). The same functions build both sides, so "no changes" means equal field by field.

export type View = Record<string, unknown>;
/** A monitor's configuration columns: a MonitorConfig's fields, each stored under its own name. */
const CONFIG_COLUMNS = Object.keys(configFields);
/** The kinds compared here; state-kinds.ts compares the others. */
type BaseKind = 'group' | 'tag' | 'channel' | 'monitor';
export interface Comparable {
  view: View;
  secrets: Record<string, string>;
}

/**
 * A comparable built when first read: a plan reads those of the few monitors that changed, not of
 * the thousands a quick test found unchanged (unchanged-monitors.ts).
 */
function lazy(make: () => Comparable): Comparable {
  let made: Comparable | undefined;
  return {
    get view() {
      made ??= make();
      return made.view;
    },
    get secrets() {
      made ??= make();
      return made.secrets;
    },
  };
}

/** Secret parts by the field a plan names them with. */
export function monitorSecretParts(s: MonitorSecrets): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.url_password !== undefined) out['url (password)'] = s.url_password;
  if (s.url_query) out['url (credential query parameters)'] = JSON.stringify(s.url_query);
  for (const [n, v] of Object.entries(s.headers ?? {})) out[`headers.${n.toLowerCase()}`] = v;
  if (s.auth !== undefined) out['auth (password or token)'] = s.auth;
  return out;
}

/** A channel config split into what a plan may print and its secret fields. */
export function channelParts(type: ChannelType, config: Record<string, unknown>): Comparable {
  const secretFields = new Set<string>(providers[type].secretFields);
  const view: View = {};
  const secrets: Record<string, string> = {};
  for (const [k, v] of Object.entries(config)) {
    if (v === undefined) continue;
    if (secretFields.has(k)) {
      if (v !== null) secrets[`config.${k}`] = String(v);
    } else view[`config.${k}`] = v;
  }
  return { view, secrets };
}

export function desiredComparables(d: DesiredState) {
  return {
    group: new Map(
      d.groups.map((g) => [
        g.key,
        {
          view: {
            name: g.name,
            parent: g.parent,
            sort_order: g.sort_order,
            escalation_policy: g.escalation_policy,
          },
          secrets: {},
        },
      ]),
    ),
    tag: new Map(d.tags.map((t) => [t.key, { view: { name: t.name, color: t.color }, secrets: {} }])),
    channel: new Map(
      d.channels.map((c) => {
        const parts = channelParts(c.type, c.config);
        const view = {
          name: c.name,
          type: c.type,
          ...parts.view,
          is_enabled: c.is_enabled,
          default_for_new_monitors: c.default_for_new_monitors,
          flood_limit: c.flood_limit,
        };
        return [c.key, { view, secrets: parts.secrets }];
      }),
    ),
    monitor: new Map(
      d.monitors.map((m) => [
        m.key,
        lazy(() => {
          const view = {
            ...m.config,
            paused: m.paused,
            reminder_interval_minutes: m.reminder_interval_minutes,
            location_ids: m.location_ids,
            quorum: m.quorum,
            group: m.group,
            channels: m.channels,
            tags: m.tags,
            depends_on: m.depends_on,
            escalation_policy: m.escalation_policy,
          };
          return { view, secrets: monitorSecretParts(m.secrets) };
        }),
      ]),
    ),
  } satisfies Record<BaseKind, Map<string, Comparable>>;
}

/** Code-unit order (not locale order): both sides sort alike, and it is quick on thousands. */
export const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** A secret that no longer decrypts (SECRET_KEY changed) compares unequal to anything. */
const UNREADABLE = '\u0000unreadable';

/**
 * The server's objects in comparable form, with references as keys: the file's key of a matched
 * object, else its own config key, else `#<id>` (an object no file names).
 */
export function currentComparables(
  state: ConfigState,
  key: Buffer,
  keyOf: (kind: ConfigKind, id: number) => string,
) {
  const channelsOf = new Map<number, string[]>();
  for (const l of state.links)
    channelsOf.set(l.monitor_id, [...(channelsOf.get(l.monitor_id) ?? []), keyOf('channel', l.channel_id)]);
  const tagsOf = new Map<number, { key: string; value: string | null }[]>();
  for (const t of state.monitorTags)
    tagsOf.set(t.monitor_id, [
      ...(tagsOf.get(t.monitor_id) ?? []),
      { key: keyOf('tag', t.tag_id), value: t.value },
    ]);
  const depsOf = new Map<number, string[]>();
  for (const d of state.deps)
    depsOf.set(d.monitor_id, [...(depsOf.get(d.monitor_id) ?? []), keyOf('monitor', d.depends_on_id)]);
  const monitor = new Map<number, Comparable>();
  for (const r of state.monitors) {
    monitor.set(
      r.id,
      lazy(() => {
        let secrets: Record<string, string>;
        try {
          secrets = monitorSecretParts(openSecrets(key, r.secrets));
        } catch {
          secrets = { credentials: UNREADABLE };
        }
        const view = {
          ...configOf(r),
          paused: r.paused === 1,
          reminder_interval_minutes: r.reminder_interval_minutes,
          location_ids: parseLocationIds(r.location_ids),
          quorum: r.quorum,
          group: r.group_id === null ? null : keyOf('group', r.group_id),
          channels: (channelsOf.get(r.id) ?? []).sort(),
          tags: (tagsOf.get(r.id) ?? []).sort(byKey),
          depends_on: (depsOf.get(r.id) ?? []).sort(),
          escalation_policy:
            r.escalation_policy_id === null ? null : keyOf('escalation_policy', r.escalation_policy_id),
        };
        return { view, secrets };
      }),
    );
  }
  const channel = new Map<number, Comparable>();
  for (const c of state.channels) {
    let parts: Comparable;
    try {
      parts = channelParts(c.type as ChannelType, openConfig(key, c.type as ChannelType, c.config));
    } catch {
      parts = { view: {}, secrets: { config: UNREADABLE } };
    }
    const view = {
      name: c.name,
      type: c.type,
      ...parts.view,
      is_enabled: c.is_enabled === 1,
      default_for_new_monitors: c.default_for_new_monitors === 1,
      flood_limit: c.flood_limit,
    };
    channel.set(c.id, { view, secrets: parts.secrets });
  }
  const group = new Map<number, Comparable>(
    state.groups.map((g) => [
      g.id,
      {
        view: {
          name: g.name,
          parent: g.parent_id === null ? null : keyOf('group', g.parent_id),
          sort_order: g.sort_order,
          escalation_policy:
            g.escalation_policy_id === null ? null : keyOf('escalation_policy', g.escalation_policy_id),
        },
        secrets: {},
      },
    ]),
  );
  const tag = new Map<number, Comparable>(
    state.tags.map((t) => [t.id, { view: { name: t.name, color: t.color }, secrets: {} }]),
  );
  return { group, tag, channel, monitor } satisfies Record<BaseKind, Map<number, Comparable>>;
}

/**
 * What the plan's fingerprint covers of the server: every configuration column and link, and the
 * marks, but none of the runtime columns the checks keep writing (status, last check…), so a plan
 * stays valid while monitors are checked and goes stale when anyone changes configuration.
 */
export function stateDigest(state: ConfigState): unknown {
  const monitors = state.monitors.map((r) => {
    // The stored columns as they are: decoding them only to encode them again cost a plan time.
    const cols = CONFIG_COLUMNS.map((k) => (r as Record<string, unknown>)[k]);
    return [
      r.id,
      r.config_key,
      r.managed,
      cols,
      r.secrets,
      r.paused,
      r.reminder_interval_minutes,
      r.location_ids,
      r.quorum,
      r.group_id,
      r.escalation_policy_id,
    ];
  });
  return {
    monitors,
    groups: state.groups,
    tags: state.tags,
    channels: state.channels,
    links: state.links,
    monitorTags: state.monitorTags,
    deps: state.deps,
    // Of locations, what a file sets and the mark, not what their probes keep reporting.
    locations: state.locations.map((l) => [
      l.id,
      l.name,
      l.region,
      l.heartbeat_seconds,
      l.token_hash,
      l.managed,
    ]),
    templates: state.templates,
    policies: state.policies,
    maintenance: state.maintenance,
    pages: state.pages,
    sections: state.sections,
    pageMonitors: state.pageMonitors,
  };
}
