import { monitorsRepo } from '../../store/repos/monitors-repo.js';
import { notifyMonitorEvent } from '../notify/enqueue.js';
import type { IncidentBatch, MonitorFacts } from './incident-batch.js';
import { type ResultFact, resultOf } from './result-facts.js';

// Certificate warnings go out once for each of these that the days left drop to (those not above
// the monitor's own tls_warn_days), so a renewal-forgotten certificate is flagged again nearer expiry.
const TLS_LADDER = [7, 1];

/** The lowest warning threshold the days left have reached, or null when none applies. */
export function tlsThreshold(daysLeft: number, warnDays: number): number | null {
  const ladder = [warnDays, ...TLS_LADDER.filter((t) => t < warnDays)];
  const reached = ladder.filter((t) => daysLeft <= t);
  return reached.length ? Math.min(...reached) : null;
}

/** Warns of a certificate nearing expiry once per threshold reached; a renewal starts afresh. */
export async function warnCertificate(b: IncidentBatch, f: ResultFact, m: MonitorFacts): Promise<void> {
  if (f.tls_days_left === null || f.status !== 'up') return;
  const threshold = tlsThreshold(f.tls_days_left, m.tls_warn_days);
  const warned = m.tls_warned_threshold;
  if (threshold === null && warned !== null) {
    // Days left climbed back above every threshold: a renewed certificate starts afresh.
    await monitorsRepo.setTlsWarnedThreshold(b.trx, m.id, null);
    m.tls_warned_threshold = null;
  } else if (threshold !== null && (warned === null || threshold < warned)) {
    const queued = await notifyMonitorEvent(b.trx, b.deps, {
      monitor: { id: m.id, name: m.name, url: m.url },
      channelIds: await b.channelsOf(m.id),
      event: 'monitor.tls_expiring',
      result: resultOf(f),
      at: f.checked_at,
      dedupKey: `monitor.tls_expiring:monitor:${m.id}:${threshold}d:${f.checked_at}`,
    });
    // A warning counts as given only once it went to a channel: a monitor created before its
    // channels (the natural order) warns at its first check after one is attached, rather
    // than losing this threshold's warning to a check that had no one to tell.
    if (queued > 0) {
      await monitorsRepo.setTlsWarnedThreshold(b.trx, m.id, threshold);
      m.tls_warned_threshold = threshold;
    }
  }
}
