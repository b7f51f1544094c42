import { checkAmqp } from './amqp.js';
import { startDeadline } from './deadline.js';
import { checkDns } from './dns.js';
import { describeError } from './errors.js';
import { checkGrpc } from './grpc.js';
import { checkHttp } from './http.js';
import { checkMqtt } from './mqtt.js';
import { checkMysql } from './mysql.js';
import { downOutcome } from './outcome.js';
import { checkPing } from './ping.js';
import { checkPostgres } from './postgres.js';
import { checkRedis } from './redis.js';
import { checkSmtp } from './smtp.js';
import { checkTcp } from './tcp.js';
import { checkTls } from './tls.js';
import type { CheckOutcome, CheckTarget } from './types.js';
import { checkWebsocket } from './websocket.js';

export { type ParseResolverResult, parseDnsResolver } from './dns.js';
export { type HostPort, parseHostPort } from './host-port.js';
export { closeHttpAgents } from './http-agent.js';
export { type ParseJsonPathResult, parseJsonPath } from './json-path.js';
export { isPingHost } from './ping.js';
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
  const deadline = startDeadline(Math.round(seconds * 1000), signal);
  try {
    if (deadline.signal.aborted) return downOutcome(deadline.reason());
    switch (target.monitor_type) {
      case 'http_get':
      case 'http_post':
      case 'http_head':
        return await checkHttp(target, deadline, from);
      case 'tcp':
        return await checkTcp(target, deadline, from);
      case 'dns':
        return await checkDns(target, deadline, from);
      case 'tls':
        return await checkTls(target, deadline, from);
      case 'ping':
        return await checkPing(target, deadline, from);
      case 'websocket':
        return await checkWebsocket(target, deadline);
      case 'grpc':
        return await checkGrpc(target, deadline);
      case 'mqtt':
        return await checkMqtt(target, deadline);
      case 'amqp':
        return await checkAmqp(target, deadline);
      case 'postgres':
        return await checkPostgres(target, deadline);
      case 'mysql':
        return await checkMysql(target, deadline);
      case 'redis':
        return await checkRedis(target, deadline);
      case 'smtp':
        return await checkSmtp(target, deadline, from);
      default:
        return downOutcome(`unknown monitor type "${String(target.monitor_type)}"`);
    }
  } catch (err) {
    // Checkers report their own failures; this only catches a bug, which must still not kill the scheduler.
    return downOutcome(`check failed unexpectedly: ${describeError(err, deadline)}`);
  } finally {
    deadline.dispose();
  }
}
