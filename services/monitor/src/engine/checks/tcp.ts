import type { CheckSockets } from './check-sockets.js';
import type { CheckType } from './check-type.js';
import type { Deadline } from './deadline.js';
import { describeError } from './errors.js';
import { parseHostPort } from './host-port.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import type { CheckOutcome, CheckTarget } from './types.js';

/**
 * Opens a TCP connection to `host:port` (or `tcp://host:port`), from `localAddress` when given, and
 * closes it: up when it connects.
 */
export async function checkTcp(
  target: CheckTarget,
  deadline: Deadline,
  sockets: CheckSockets,
  localAddress?: string,
): Promise<CheckOutcome> {
  const where = parseHostPort(target.url ?? '', ['tcp']);
  if (typeof where === 'string') return downOutcome(where);
  const start = performance.now();
  try {
    await new Promise<void>((resolve, reject) => {
      const socket = sockets.connect({
        host: where.host,
        port: where.port,
        ...(localAddress ? { localAddress } : {}),
      });
      const onAbort = (): void => {
        socket.destroy();
        reject(deadline.signal.reason);
      };
      deadline.signal.addEventListener('abort', onAbort, { once: true });
      const settle = (err?: Error): void => {
        deadline.signal.removeEventListener('abort', onAbort);
        socket.destroy();
        if (err) reject(err);
        else resolve();
      };
      socket.once('connect', () => settle());
      socket.once('error', settle);
    });
    return upOutcome({ response_time_ms: elapsedMs(start) });
  } catch (err) {
    return downOutcome(describeError(err, deadline));
  }
}

/** The tcp monitor type, as registry.ts lists it. */
export const tcpCheck: CheckType = {
  run: (target, { deadline, sockets, from }) => checkTcp(target, deadline, sockets, from),
  validate: (_target, url, add) => {
    const where = parseHostPort(url, ['tcp']);
    if (typeof where === 'string') add('url', where);
  },
};
