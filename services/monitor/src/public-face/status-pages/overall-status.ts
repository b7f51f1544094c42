import type { OverallStatus, PublicMonitorState } from './public-view.js';

/** What the banner looks at per distinct monitor of a page. */
export interface BannerInput {
  state: PublicMonitorState;
  /** Up, but its last check failed and it is retrying before it goes down; or degraded. */
  failing: boolean;
}

/**
 * The page's banner, over its distinct monitors that have a state (paused and never-checked
 * monitors say nothing about the service and are left out):
 * - `maintenance`: at least one, and every one of them, is in maintenance;
 * - `major_outage`: more than half of those not in maintenance are down (so a lone monitor down is major);
 * - `partial_outage`: at least one is down;
 * - `degraded`: none is down, but one is failing checks and retrying (it goes down if that goes on),
 *   or is degraded (slower than its `degraded_response_ms`, issue 14);
 * - `operational`: otherwise, including a page with no monitor that has a state yet.
 */
export function overallStatus(monitors: readonly BannerInput[]): OverallStatus {
  const known = monitors.filter((m) => m.state !== 'unknown' && m.state !== 'paused');
  if (known.length === 0) return 'operational';
  const serving = known.filter((m) => m.state !== 'maintenance');
  if (serving.length === 0) return 'maintenance';
  const down = serving.filter((m) => m.state === 'down').length;
  if (down * 2 > serving.length) return 'major_outage';
  if (down > 0) return 'partial_outage';
  if (serving.some((m) => m.failing || m.state === 'degraded')) return 'degraded';
  return 'operational';
}
