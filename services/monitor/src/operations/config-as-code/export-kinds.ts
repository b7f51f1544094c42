import { repeatOf } from '../../alerting/escalation/policy-input.js';
import type { EscalationStep } from '../../alerting/escalation/policy-schedule.js';
import { templateEventOf } from '../../alerting/templates/template-events.js';
import type { ConfigKind, ConfigState } from '../../store/repos/config-state-repo.js';
import type { ConfigFile } from './config-document.js';
import { kindRows } from './state-kinds.js';

// The newer kinds of an export (export-config.ts writes the older ones): keyed by their config key
// or, for objects no file made, the key an apply here adopts them by (state-kinds.ts `generated`).

const iso = (ms: number) => new Date(ms).toISOString();

export function exportKinds(
  state: ConfigState,
  keyOf: (kind: ConfigKind, id: number) => string | undefined,
  secretRef: (at: string, ...parts: string[]) => string,
): Pick<ConfigFile, 'locations' | 'templates' | 'escalation_policies' | 'maintenance' | 'status_pages'> {
  const rows = kindRows(state);
  const keyed = <T extends { config_key: string | null }>(kind: keyof typeof rows, list: T[]) =>
    list.map((r, i) => ({ row: r, key: r.config_key ?? rows[kind][i]!.generated }));
  const monitorKeys = (ids: number[]) =>
    ids.map((id) => keyOf('monitor', id)).filter((k): k is string => !!k);
  const sectionsOf = new Map<number, { id: number; name: string }[]>();
  for (const s of state.sections) sectionsOf.set(s.page_id, [...(sectionsOf.get(s.page_id) ?? []), s]);
  const membersOf = new Map<number, number[]>();
  for (const m of state.pageMonitors)
    membersOf.set(m.section_id, [...(membersOf.get(m.section_id) ?? []), m.monitor_id]);
  return {
    locations: state.locations.map((l, i) => ({
      key: l.id,
      name: l.name,
      region: l.region,
      heartbeat_seconds: l.heartbeat_seconds,
      ...(l.token_hash !== null && { token: secretRef(`locations[${i}].token`, 'location', l.id, 'token') }),
    })),
    templates: keyed('template', state.templates).map(({ row, key }) => ({
      key,
      channel: keyOf('channel', row.channel_id)!,
      event: templateEventOf(row.event)!,
      title: row.title,
      body: row.body,
    })),
    escalation_policies: keyed('escalation_policy', state.policies).map(({ row, key }) => ({
      key,
      name: row.name,
      steps: (JSON.parse(row.steps) as EscalationStep[]).map((s) => ({
        after_minutes: s.after_minutes,
        channels: s.channel_ids.map((id) => keyOf('channel', id)!),
        ...(s.user_ids?.length && { user_ids: s.user_ids }),
        ...(s.schedule_ids?.length && { schedule_ids: s.schedule_ids }),
      })),
      repeat: repeatOf(row.repeat_count),
    })),
    maintenance: keyed('maintenance', state.maintenance).map(({ row, key }) => ({
      key,
      name: row.name,
      starts_at: iso(row.starts_at),
      ends_at: row.ends_at === null ? null : iso(row.ends_at),
      monitors: monitorKeys(JSON.parse(row.monitor_ids) as number[]),
      recurrence:
        row.cron !== null && row.duration_minutes !== null
          ? { cron: row.cron, duration_minutes: row.duration_minutes }
          : null,
      timezone: row.timezone,
      is_active: row.is_active === 1,
    })),
    status_pages: keyed('status_page', state.pages).map(({ row, key }) => ({
      key,
      slug: row.slug,
      title: row.title,
      description: row.description,
      footer: row.footer,
      sections: (sectionsOf.get(row.id) ?? []).map((s) => ({
        name: s.name,
        monitors: monitorKeys(membersOf.get(s.id) ?? []),
      })),
      uptime_days: row.uptime_days as 30 | 60 | 90 | 365,
      is_public: row.is_public === 1,
    })),
  };
}
