import { locationColumns } from '../../engine/locations/monitor-locations.js';
import { configColumns } from '../../engine/monitors/monitor-input.js';
import type { ConfigState } from '../../store/repos/config-state-repo.js';
import type { DesiredMonitor } from './desired-state.js';
import type { Id } from './state-kinds.js';

// A quick test a plan runs before comparing a monitor field by field: does the row hold exactly
// what an apply of the file would write (the same columns, the same links by id)? Most monitors of
// a large file are unchanged, and building both comparable views of each of 5,000 monitors was
// most of a one-field plan's time (docs/config-as-code.md, Performance). It only ever says "same"
// when the apply would write nothing; anything else, and any monitor with credentials (which would
// need decrypting), gets the full field-by-field comparison.

type Row = ConfigState['monitors'][number];
type KeyIds = Pick<
  Record<string, Map<string, Id>>,
  'group' | 'tag' | 'channel' | 'monitor' | 'escalation_policy'
>;

const push = <T>(m: Map<number, T[]>, k: number, v: T) => {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
};

const sameSorted = (a: (string | number)[], b: (string | number)[]) => {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
};

/** Builds the test once per plan: the links of every monitor by id, then one call per monitor. */
export function unchangedMonitorTest(state: ConfigState, ids: KeyIds) {
  const channels = new Map<number, number[]>();
  for (const l of state.links) push(channels, l.monitor_id, l.channel_id);
  const tags = new Map<number, string[]>();
  for (const t of state.monitorTags) push(tags, t.monitor_id, `${t.tag_id}=${JSON.stringify(t.value)}`);
  const deps = new Map<number, number[]>();
  for (const d of state.deps) push(deps, d.monitor_id, d.depends_on_id);
  const idOf = (kind: keyof KeyIds, key: string | null) => (key === null ? null : (ids[kind].get(key) ?? -1));

  return (m: DesiredMonitor, r: Row): boolean => {
    if (r.secrets !== null || Object.keys(m.secrets).length > 0) return false;
    if (
      r.paused !== (m.paused ? 1 : 0) ||
      r.reminder_interval_minutes !== m.reminder_interval_minutes ||
      r.group_id !== idOf('group', m.group) ||
      r.escalation_policy_id !== idOf('escalation_policy', m.escalation_policy)
    )
      return false;
    const row = r as unknown as Record<string, unknown>;
    const cols: Record<string, unknown> = {
      ...configColumns(m.config),
      ...locationColumns({ ids: m.location_ids, quorum: m.quorum }),
    };
    for (const k in cols) if (cols[k] !== row[k]) return false;
    return (
      sameSorted(
        channels.get(r.id) ?? [],
        m.channels.map((k) => idOf('channel', k)!),
      ) &&
      sameSorted(
        deps.get(r.id) ?? [],
        m.depends_on.map((k) => idOf('monitor', k)!),
      ) &&
      sameSorted(
        tags.get(r.id) ?? [],
        m.tags.map((t) => `${idOf('tag', t.key)}=${JSON.stringify(t.value)}`),
      )
    );
  };
}
