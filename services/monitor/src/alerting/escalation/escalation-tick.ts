import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import { escalationPoliciesRepo } from '../../store/repos/escalation-policies-repo.js';
import { incidentChannelsRepo } from '../../store/repos/incident-channels-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { NotifyDeps } from '../incidents/incident-rules.js';
import { toIncidentView } from '../incidents/incident-view.js';
import { notifyMonitorEvent } from '../notify/enqueue.js';
import { planOf } from './policy-input.js';
import { effectivePolicyId, type GroupLink } from './policy-resolution.js';
import { plannedEscalation } from './policy-schedule.js';
import { pagedPeople } from './step-targets.js';

const MINUTE = 60_000;

/**
 * Sends the escalation steps that are due for open (unacknowledged) incidents of down monitors.
 * Each step is one transaction: the compare-and-set on `incidents.escalations_sent` and the
 * queued notifications commit together, so any number of instances may run this at once and a
 * step still goes out once (the dedup key `monitor.escalated:incident:<id>:<n>` is a second guard).
 * After a long stop, every step that fell due is sent, at most one round per tick.
 */
export async function sendDueEscalations(
  db: Kysely<MonitorDB>,
  deps: NotifyDeps,
  now = Date.now(),
): Promise<number> {
  const candidates = await escalationPoliciesRepo.candidates(db);
  if (candidates.length === 0) return 0;
  const groups = new Map<number, GroupLink>(
    (await escalationPoliciesRepo.groupChain(db)).map((g) => [Number(g.id), g]),
  );
  const policies = new Map<number, ReturnType<typeof planOf> | null>();
  let sent = 0;
  for (const c of candidates) {
    const policyId = effectivePolicyId(c.monitor_policy_id, c.monitor_group_id, groups);
    if (policyId === null) continue;
    if (!policies.has(policyId)) {
      const row = await escalationPoliciesRepo.byId(db, policyId);
      policies.set(policyId, row ? planOf(row) : null);
    }
    const plan = policies.get(policyId);
    if (!plan) continue;
    let n = c.escalations_sent;
    for (let i = 0; i < plan.steps.length; i++) {
      const due = plannedEscalation(plan, n);
      if (!due || c.started_at + due.minutes * MINUTE > now) break;
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await escalationPoliciesRepo.advance(trx, c.id, n, n + 1))) return false;
        await notifyMonitorEvent(trx, deps, {
          monitor: { id: c.monitor_id, name: c.monitor_name, url: c.monitor_url },
          channelIds: due.step.channel_ids,
          event: 'monitor.escalated',
          incident: toIncidentView(c, now),
          escalation: {
            step: due.index + 1,
            steps: plan.steps.length,
            after_minutes: due.step.after_minutes,
          },
          at: now,
          dedupKey: `monitor.escalated:incident:${c.id}:${n}`,
        });
        // People: the step's users and whoever is on call in its schedules, each with their own link.
        const people = await pagedPeople(trx, due.step, c.id, now);
        for (const p of people) {
          await notifyMonitorEvent(trx, deps, {
            monitor: { id: c.monitor_id, name: c.monitor_name, url: c.monitor_url },
            channelIds: p.channel_ids,
            event: 'monitor.escalated',
            incident: toIncidentView(c, now),
            escalation: {
              step: due.index + 1,
              steps: plan.steps.length,
              after_minutes: due.step.after_minutes,
            },
            at: now,
            dedupKey: `monitor.escalated:incident:${c.id}:${n}`,
            ackNonce: p.ack_nonce,
          });
        }
        // Recovery goes to these channels too, even though the monitor does not list them.
        await incidentChannelsRepo.remember(trx, c.id, [
          ...due.step.channel_ids,
          ...people.flatMap((p) => p.channel_ids),
        ]);
        return true;
      });
      // Someone else sent it, or the incident was acknowledged meanwhile: this tick is done with it.
      if (!ok) break;
      sent++;
      n++;
    }
  }
  return sent;
}

/** Runs sendDueEscalations every `everyMs` (ESCALATION_TICK_MS) until stopped. */
export function startEscalation(
  db: Kysely<MonitorDB>,
  deps: NotifyDeps & { outbox: { kick(): void } },
  log: Logger,
  everyMs: number,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running
      .then(async () => {
        if ((await sendDueEscalations(db, deps)) > 0) deps.outbox.kick();
      })
      .catch((err: unknown) => log.error({ err }, 'incident escalation failed'));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
