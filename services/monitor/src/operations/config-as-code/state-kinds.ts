import { repeatOf } from '../../alerting/escalation/policy-input.js';
import type { EscalationStep } from '../../alerting/escalation/policy-schedule.js';
import { templateEventOf } from '../../alerting/templates/template-events.js';
import type { ConfigKind, ConfigState } from '../../store/repos/config-state-repo.js';
import type { Comparable } from './current-state.js';
import type { DesiredKinds } from './desired-kinds.js';

// The five newer kinds in comparable form, both sides built alike (current-state.ts does the
// older four), and their rows as a plan matches them to keys. Templates have no id of their own:
// `<channel id>/<event>` stands for one.

export type ExtraKind = 'location' | 'template' | 'escalation_policy' | 'maintenance' | 'status_page';
export type Id = number | string;
/** Per kind, file key → the id of the object it stands for (locations and templates have text ids). */
export type KindIds = { [K in ConfigKind]: Map<string, K extends 'location' | 'template' ? string : number> };
/** A row as a plan matches it: `generated` is the key an export gives it when it has none. */
export interface KindRow {
  id: Id;
  name: string;
  config_key: string | null;
  managed: number;
  generated: string;
}

const sorted = <T>(list: readonly T[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const none = {};

export const templateId = (channelId: number, event: string) => `${channelId}/${event}`;

/** Every row of the newer kinds, by kind. */
export function kindRows(state: ConfigState): Record<ExtraKind, KindRow[]> {
  return {
    // A location's key is its id: every row has one, and `managed` says whether a file declared it.
    location: state.locations.map((l) => ({
      id: l.id,
      name: l.name,
      config_key: l.id,
      managed: l.managed,
      generated: l.id,
    })),
    template: state.templates.map((t) => {
      const event = templateEventOf(t.event) ?? t.event;
      return {
        id: templateId(t.channel_id, t.event),
        name: event,
        config_key: t.config_key,
        managed: t.managed,
        generated: `template-${t.channel_id}-${event}`,
      };
    }),
    escalation_policy: state.policies.map((p) => ({ ...p, generated: `escalation_policy-${p.id}` })),
    maintenance: state.maintenance.map((w) => ({ ...w, generated: `maintenance-${w.id}` })),
    status_page: state.pages.map((p) => ({ ...p, name: p.title, generated: `status_page-${p.id}` })),
  };
}

/** What a plan calls an object: its name, a page's title, a template's channel key and event. */
export const nameOf = (view: Record<string, unknown>) =>
  String(view.name ?? (view.event !== undefined ? `${view.channel} ${view.event}` : view.title));

/**
 * The row each file key stands for: the one carrying that key, else (an export applied to the
 * instance it came from) the keyless row whose generated key it is, if the names agree too.
 */
export function matchKind(rows: KindRow[], want: Map<string, Comparable>, checkName: boolean) {
  const byKey = new Map(rows.filter((r) => r.config_key !== null).map((r) => [r.config_key!, r]));
  const byGenerated = new Map(rows.filter((r) => r.config_key === null).map((r) => [r.generated, r]));
  const matched = new Map<string, KindRow>();
  for (const [key, c] of want) {
    let row = byKey.get(key);
    const candidate = byGenerated.get(key);
    if (!row && candidate && (!checkName || candidate.name === nameOf(c.view))) row = candidate;
    if (row) matched.set(key, row);
  }
  return matched;
}

export function desiredKindComparables(d: DesiredKinds): Record<ExtraKind, Map<string, Comparable>> {
  return {
    location: new Map(
      d.locations.map((l) => [
        l.key,
        {
          view: { name: l.name, region: l.region, heartbeat_seconds: l.heartbeat_seconds },
          secrets: l.token ? { token: l.token.hash } : none,
        },
      ]),
    ),
    template: new Map(
      d.templates.map((t) => [
        t.key,
        {
          view: { channel: t.channel, event: t.event, title: t.title, body: t.body },
          secrets: none,
        },
      ]),
    ),
    escalation_policy: new Map(
      d.policies.map((p) => [
        p.key,
        { view: { name: p.name, steps: p.steps, repeat: repeatOf(p.repeat_count) }, secrets: none },
      ]),
    ),
    maintenance: new Map(
      d.maintenance.map((w) => [
        w.key,
        {
          view: {
            name: w.name,
            starts_at: w.starts_at,
            ends_at: w.ends_at,
            monitors: w.monitors,
            recurrence: w.recurrence,
            timezone: w.timezone,
            is_active: w.is_active,
          },
          secrets: none,
        },
      ]),
    ),
    status_page: new Map(
      d.statusPages.map((p) => [
        p.key,
        {
          view: {
            title: p.title,
            slug: p.slug,
            description: p.description,
            footer: p.footer,
            sections: p.sections,
            uptime_days: p.uptime_days,
            is_public: p.is_public,
          },
          secrets: none,
        },
      ]),
    ),
  };
}

/**
 * The server's objects of the newer kinds in comparable form, references as keys (`keyOf`).
 * A monitor id a window or page still lists after the monitor went is not shown (it names nothing).
 */
export function currentKindComparables(
  state: ConfigState,
  keyOf: (kind: ConfigKind, id: number) => string,
): Record<ExtraKind, Map<Id, Comparable>> {
  const monitorIds = new Set(state.monitors.map((m) => m.id));
  const monitorKeys = (ids: number[]) =>
    sorted(ids.filter((id) => monitorIds.has(id)).map((id) => keyOf('monitor', id)));
  const sectionsOf = new Map<number, { id: number; name: string }[]>();
  for (const s of state.sections) sectionsOf.set(s.page_id, [...(sectionsOf.get(s.page_id) ?? []), s]);
  const membersOf = new Map<number, number[]>();
  for (const m of state.pageMonitors)
    membersOf.set(m.section_id, [...(membersOf.get(m.section_id) ?? []), m.monitor_id]);
  return {
    location: new Map(
      state.locations.map((l) => [
        l.id,
        {
          view: { name: l.name, region: l.region, heartbeat_seconds: l.heartbeat_seconds },
          secrets: l.token_hash ? { token: l.token_hash } : none,
        },
      ]),
    ),
    template: new Map(
      state.templates.map((t) => {
        const channel = keyOf('channel', t.channel_id);
        const event = templateEventOf(t.event) ?? t.event;
        const view = { channel, event, title: t.title, body: t.body };
        return [templateId(t.channel_id, t.event), { view, secrets: none }];
      }),
    ),
    escalation_policy: new Map(
      state.policies.map((p) => {
        const steps = (JSON.parse(p.steps) as EscalationStep[]).map((s) => ({
          after_minutes: s.after_minutes,
          channels: sorted(s.channel_ids.map((id) => keyOf('channel', id))),
          user_ids: sorted(s.user_ids ?? []),
          schedule_ids: sorted(s.schedule_ids ?? []),
        }));
        return [p.id, { view: { name: p.name, steps, repeat: repeatOf(p.repeat_count) }, secrets: none }];
      }),
    ),
    maintenance: new Map(
      state.maintenance.map((w) => [
        w.id,
        {
          view: {
            name: w.name,
            starts_at: iso(w.starts_at),
            ends_at: iso(w.ends_at),
            monitors: monitorKeys(JSON.parse(w.monitor_ids) as number[]),
            recurrence:
              w.cron !== null && w.duration_minutes !== null
                ? { cron: w.cron, duration_minutes: w.duration_minutes }
                : null,
            timezone: w.timezone,
            is_active: w.is_active === 1,
          },
          secrets: none,
        },
      ]),
    ),
    status_page: new Map(
      state.pages.map((p) => [
        p.id,
        {
          view: {
            title: p.title,
            slug: p.slug,
            description: p.description,
            footer: p.footer,
            sections: (sectionsOf.get(p.id) ?? []).map((s) => ({
              name: s.name,
              monitors: (membersOf.get(s.id) ?? [])
                .filter((id) => monitorIds.has(id))
                .map((id) => keyOf('monitor', id)),
            })),
            uptime_days: p.uptime_days,
            is_public: p.is_public === 1,
          },
          secrets: none,
        },
      ]),
    ),
  };
}
