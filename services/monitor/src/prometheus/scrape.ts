import type { AppContext } from '../context.js';
import { prometheusRepo } from '../store/repos/prometheus-repo.js';
import { writeMonitorSeries } from './monitor-series.js';

/** One scrape: the service's registry, then the per-monitor families from one read of the monitors. */
export async function scrape(ctx: AppContext): Promise<string> {
  const [service, monitors] = await Promise.all([
    ctx.prometheus.registry.metrics(),
    prometheusRepo.monitors(ctx.db),
  ]);
  return `${service}\n${writeMonitorSeries(monitors, (id) => ctx.prometheus.checks.of(id))}`;
}
