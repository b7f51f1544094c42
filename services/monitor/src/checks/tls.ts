import { isIP } from 'node:net';
import { connect, type PeerCertificate } from 'node:tls';
import { certDaysLeft, expiredMessage, expiryWarning, parseCertDate } from './cert-days.js';
import type { Deadline } from './deadline.js';
import { describeError, describeTlsCode } from './errors.js';
import { parseHostPort } from './host-port.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { type CheckOutcome, type CheckTarget, DEFAULT_TLS_WARN_DAYS } from './types.js';

interface Handshake {
  cert: PeerCertificate;
  authorizationError: string | null;
}

/**
 * Connects with TLS to `host[:port]` (443 by default) or an https URL and judges the server certificate:
 * down when it is expired, not yet valid, or (unless `ignore_tls_errors`) untrusted or for another host;
 * up otherwise, with the days left, and a warning at or below `tls_warn_days`.
 */
export async function checkTls(target: CheckTarget, deadline: Deadline): Promise<CheckOutcome> {
  const where = parseHostPort(target.url ?? '', ['https', 'tls'], 443);
  if (typeof where === 'string') return downOutcome(where);
  const start = performance.now();
  let shake: Handshake;
  try {
    shake = await handshake(where.host, where.port, deadline.signal);
  } catch (err) {
    return downOutcome(describeError(err, deadline));
  }
  const responseTime = elapsedMs(start);
  const validTo = parseCertDate(shake.cert.valid_to ?? '');
  const validFrom = parseCertDate(shake.cert.valid_from ?? '');
  if (validTo === null || validFrom === null) {
    return downOutcome('the server presented no readable certificate', { response_time_ms: responseTime });
  }
  const now = Date.now();
  const extra = { response_time_ms: responseTime, tls_days_left: certDaysLeft(validTo, now) };
  if (validTo <= now) return downOutcome(expiredMessage(validTo, now), extra);
  if (validFrom > now) {
    return downOutcome(`certificate is not valid until ${new Date(validFrom).toISOString()}`, extra);
  }
  const code = shake.authorizationError;
  if (code && !target.ignore_tls_errors) {
    return downOutcome(`certificate invalid: ${describeTlsCode(code)} (${code})`, extra);
  }
  const warning = expiryWarning(validTo, target.tls_warn_days ?? DEFAULT_TLS_WARN_DAYS, now);
  return upOutcome({ ...extra, warning });
}

// Completes a handshake without rejecting bad certificates, so an expired or self-signed one can still
// be read and reported in words; the verdict Node reached is kept in authorizationError.
function handshake(host: string, port: number, signal: AbortSignal): Promise<Handshake> {
  return new Promise<Handshake>((resolve, reject) => {
    const socket = connect({
      host,
      port,
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
      const err = socket.authorizationError as Error | string | null | undefined;
      const code = err ? (typeof err === 'string' ? err : errorCodeOf(err)) : null;
      done();
      resolve({ cert, authorizationError: socket.authorized ? null : code });
    });
    socket.once('error', (err) => {
      done();
      reject(err);
    });
  });
}

function errorCodeOf(err: Error): string {
  const code = (err as Error & { code?: unknown }).code;
  return typeof code === 'string' ? code : err.message;
}
