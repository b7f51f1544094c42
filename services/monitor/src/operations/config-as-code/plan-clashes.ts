import type { FieldProblem } from '@app/kit';
import { targetProblems } from '../../alerting/escalation/step-targets.js';
import { TEMPLATE_EVENTS } from '../../alerting/templates/template-events.js';
import type { ConfigState } from '../../store/repos/config-state-repo.js';
import type { Db } from '../../store/schema.js';
import type { DesiredState } from './desired-state.js';
import { refuse } from './parse-document.js';
import type { KindIds } from './state-kinds.js';

// What a file can only be checked against the server: names the server keeps unique, and the
// people and schedules escalation steps name by id. Refused at the entry's position before the
// apply writes anything, rather than failing half way through it.

interface Claim {
  at: string;
  field: string;
  value: string;
}

/**
 * Each claim whose value an object the file does not name already holds. A value held by another
 * object of the file is free: that one changes in the same apply.
 */
function taken(
  claims: Claim[],
  rows: { id: number | string; value: string }[],
  named: Set<number | string>,
  what: string,
) {
  const owner = new Map(rows.map((r) => [r.value, r.id]));
  const out: FieldProblem[] = [];
  for (const c of claims) {
    const other = owner.get(c.value);
    if (other !== undefined && !named.has(other))
      out.push({
        path: `${c.at}.${c.field}`,
        message: `${what} this file does not name (${other}) has "${c.value}"`,
      });
  }
  return out;
}

export async function clashes(db: Db, desired: DesiredState, state: ConfigState, ids: KindIds) {
  const named = (m: Map<string, number | string>) => new Set(m.values());
  const byName = (list: { at: string; name: string }[]) =>
    list.map((d) => ({ at: d.at, field: 'name', value: d.name }));
  const problems = [
    ...taken(
      byName(desired.tags),
      state.tags.map((t) => ({ id: t.id, value: t.name })),
      named(ids.tag),
      'a tag',
    ),
    ...taken(
      byName(desired.channels),
      state.channels.map((c) => ({ id: c.id, value: c.name })),
      named(ids.channel),
      'a channel',
    ),
    ...taken(
      byName(desired.policies),
      state.policies.map((p) => ({ id: p.id, value: p.name })),
      named(ids.escalation_policy),
      'an escalation policy',
    ),
    ...taken(
      desired.statusPages.map((p) => ({ at: p.at, field: 'slug', value: p.slug })),
      state.pages.map((p) => ({ id: p.id, value: p.slug })),
      named(ids.status_page),
      'a status page',
    ),
    // A channel's template for an event is one row: a file's template takes a free one.
    ...taken(
      desired.templates.flatMap((t) => {
        const channel = ids.channel.get(t.channel);
        return channel === undefined
          ? []
          : [{ at: t.at, field: 'event', value: `${channel}/${TEMPLATE_EVENTS[t.event]}` }];
      }),
      state.templates.map((t) => ({ id: `${t.channel_id}/${t.event}`, value: `${t.channel_id}/${t.event}` })),
      named(ids.template),
      'a template',
    ),
  ];
  for (const p of desired.policies) {
    // Channels are the file's (checked by key); the count stands in for them in "names someone".
    const steps = p.steps.map((s) => ({ ...s, channel_ids: s.channels.map(() => 0) }));
    for (const t of await targetProblems(db, steps))
      problems.push({ path: `${p.at}.${t.path}`, message: t.message });
  }
  if (problems.length > 0) refuse(problems);
}
