import { isIP } from 'node:net';
import type { PeerCertificate } from 'node:tls';
import { authorizationCode, judgeCertificate } from './certificate-verdict.js';
import type { CheckSockets } from './check-sockets.js';
import type { CheckType } from './check-type.js';
import type { Deadline } from './deadline.js';
import { describeError } from './errors.js';
import { parseHostPort } from './host-port.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import type { CheckOutcome, CheckTarget } from './types.js';

interface Handshake {
  cert: PeerCertificate;
  authorizationError: string | null;
}

/**
 * Connects with TLS to `host[:port]` (443 by default) or an https URL and judges the server certificate:
 * down when it is expired, not yet valid, or (unless `ignore_tls_errors`) untrusted or for another host;
 * up otherwise, with the days left, and a warning at or below `tls_warn_days`.
 */
export async function checkTls(
  target: CheckTarget,
  deadline: Deadline,
  sockets: CheckSockets,
  localAddress?: string,
): Promise<CheckOutcome> {
  const where = parseHostPort(target.url ?? '', ['https', 'tls'], 443);
  if (typeof where === 'string') return downOutcome(where);
  const start = performance.now();
  let shake: Handshake;
  try {
    shake = await handshake(sockets, where.host, where.port, deadline.signal, localAddress);
  } catch (err) {
    return downOutcome(describeError(err, deadline));
  }
  const responseTime = elapsedMs(start);
  const verdict = judgeCertificate(shake.cert, shake.authorizationError, target);
  const extra = { response_time_ms: responseTime, tls_days_left: verdict.tls_days_left };
  if (verdict.down !== null) return downOutcome(verdict.down, extra);
  return upOutcome({ ...extra, warning: verdict.warning });
}

// Completes a handshake without rejecting bad certificates, so an expired or self-signed one can still
// be read and reported in words; the verdict Node reached is kept in authorizationError.
function handshake(
  sockets: CheckSockets,
  host: string,
  port: number,
  signal: AbortSignal,
  localAddress: string | undefined,
): Promise<Handshake> {
  return new Promise<Handshake>((resolve, reject) => {
    const socket = sockets.connectTls({
      host,
      port,
      ...(localAddress ? { localAddress } : {}),
      servername: isIP(host) ? undefined : host,
      rejectUnauthorized: false,
    });
    const onAbort = (): void => {
      socket.destroy();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const done = (): void => {
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
    };
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      const code = authorizationCode(socket.authorized, socket.authorizationError as Error | string | null);
      done();
      resolve({ cert, authorizationError: code });
    });
    socket.once('error', (err) => {
      done();
      reject(err);
    });
  });
}

/** The tls monitor type, as registry.ts lists it. */
export const tlsCheck: CheckType = {
  run: (target, { deadline, sockets, from }) => checkTls(target, deadline, sockets, from),
  validate: (_target, url, add) => {
    const where = parseHostPort(url, ['https', 'tls'], 443);
    if (typeof where === 'string') add('url', where);
  },
};
