import { CheckSockets } from './check-sockets.js';
import { startDeadline } from './deadline.js';
import { describeError } from './errors.js';
import { downOutcome } from './outcome.js';
import { checkTypeOf } from './registry.js';
import type { CheckOutcome, CheckTarget } from './types.js';

export { BrowserPool, type BrowserPoolStats } from './browser/browser-pool.js';
export {
  type BrowserRuntimeOptions,
  browserPool,
  closeBrowserChecks,
  configureBrowserChecks,
  evidenceStore,
} from './browser/browser-runtime.js';
export { type CheckRun, type CheckType, SERVICE_FIELDS, type ServiceField } from './check-type.js';
export { type ParseResolverResult, parseDnsResolver } from './dns.js';
export { type HostPort, parseHostPort } from './host-port.js';
export { closeHttpAgents } from './http-agent.js';
export { type ParseJsonPathResult, parseJsonPath } from './json-path.js';
export { isPingHost } from './ping.js';
export { CHECK_TYPES, checkTypeOf, MONITOR_TYPES, type MonitorType } from './registry.js';
export {
  type CodeRange,
  matchStatus,
  type ParseStatusCodesResult,
  parseStatusCodes,
  type StatusMatcher,
} from './status-codes.js';
export * from './types.js';
export { type TargetProblem, validateCheckTarget } from './validate.js';

/** How a check is made, beyond the monitor's own fields. */
export interface CheckOptions {
  /**
   * The local address the check connects from (a probe's PROBE_SOURCE_ADDRESS): used by http_*,
   * tcp, tls, dns, ping and smtp; the other types connect from the default address (see CheckTarget).
   */
  localAddress?: string;
}

/**
 * Runs one check of a monitor and reports what it found. Never throws: a bad target, a network failure,
 * a failed assertion, the monitor's timeout or `signal` (e.g. shutdown) all become a `down` outcome
 * whose `error` says why.
 */
export async function runCheck(
  target: CheckTarget,
  signal?: AbortSignal,
  opts: CheckOptions = {},
): Promise<CheckOutcome> {
  const from = opts.localAddress || undefined;
  if (target.monitor_type === 'heartbeat') {
    return downOutcome('heartbeat monitors are push-based: they are judged by missed pings, not checked');
  }
  const seconds = Number(target.timeout_seconds);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    return downOutcome(`invalid timeout_seconds ${String(target.timeout_seconds)}`);
  }
  const type = checkTypeOf(target.monitor_type);
  // A library that fails to load is reported by the checker itself, which loads it again.
  await type?.library?.().catch(() => {});
  let release: (() => void) | undefined;
  try {
    release = await type?.admit?.(signal);
  } catch {
    return downOutcome('check aborted while waiting for its turn');
  }
  const deadline = startDeadline(Math.round(seconds * 1000), signal);
  // Every connection the check opens is torn down when the deadline passes and when it returns.
  const sockets = new CheckSockets();
  deadline.signal.addEventListener('abort', () => sockets.end(), { once: true });
  try {
    if (deadline.signal.aborted) return downOutcome(deadline.reason());
    if (!type) return downOutcome(`unknown monitor type "${String(target.monitor_type)}"`);
    return await type.run(target, { deadline, sockets, from });
  } catch (err) {
    // Checkers report their own failures; this only catches a bug, which must still not kill the scheduler.
    return downOutcome(`check failed unexpectedly: ${describeError(err, deadline)}`);
  } finally {
    deadline.dispose();
    sockets.end();
    release?.();
  }
}
