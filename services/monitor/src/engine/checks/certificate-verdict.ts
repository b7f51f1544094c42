import type { PeerCertificate } from 'node:tls';
import { certDaysLeft, expiredMessage, expiryWarning, parseCertDate } from './cert-days.js';
import { describeTlsCode } from './errors.js';
import { type CheckTarget, DEFAULT_TLS_WARN_DAYS } from './types.js';

/** What a server certificate means for a check: why it fails (or null), its days left and a warning. */
export interface CertificateVerdict {
  down: string | null;
  tls_days_left: number | null;
  warning: string | null;
}

/**
 * Judges a certificate read with `rejectUnauthorized: false`: down when expired, not yet valid,
 * or (unless `ignore_tls_errors`) untrusted or for another host (`authorizationError`); else the
 * days left, with a warning at or below `tls_warn_days`. Shared by tls and smtp (smtps, STARTTLS).
 */
export function judgeCertificate(
  cert: PeerCertificate,
  authorizationError: string | null,
  target: Pick<CheckTarget, 'ignore_tls_errors' | 'tls_warn_days'>,
  now: number = Date.now(),
): CertificateVerdict {
  const validTo = parseCertDate(cert.valid_to ?? '');
  const validFrom = parseCertDate(cert.valid_from ?? '');
  if (validTo === null || validFrom === null) {
    return { down: 'the server presented no readable certificate', tls_days_left: null, warning: null };
  }
  const days = certDaysLeft(validTo, now);
  const down = (message: string): CertificateVerdict => ({
    down: message,
    tls_days_left: days,
    warning: null,
  });
  if (validTo <= now) return down(expiredMessage(validTo, now));
  if (validFrom > now) return down(`certificate is not valid until ${new Date(validFrom).toISOString()}`);
  if (authorizationError && !target.ignore_tls_errors) {
    return down(`certificate invalid: ${describeTlsCode(authorizationError)} (${authorizationError})`);
  }
  const warning = expiryWarning(validTo, target.tls_warn_days ?? DEFAULT_TLS_WARN_DAYS, now);
  return { down: null, tls_days_left: days, warning };
}

/** The verification code of a TLS socket's `authorizationError` (a code string or an Error), or null. */
export function authorizationCode(
  authorized: boolean,
  err: Error | string | null | undefined,
): string | null {
  if (authorized || !err) return null;
  if (typeof err === 'string') return err;
  const code = (err as Error & { code?: unknown }).code;
  return typeof code === 'string' ? code : err.message;
}
