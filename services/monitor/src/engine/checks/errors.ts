import type { Deadline } from './deadline.js';

// Certificate verification codes from OpenSSL and Node, turned into words an operator reads at a glance.
const TLS_CODES: Record<string, string> = {
  CERT_HAS_EXPIRED: 'certificate has expired',
  CERT_NOT_YET_VALID: 'certificate is not yet valid',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unable to verify the certificate (incomplete chain?)',
  UNABLE_TO_GET_ISSUER_CERT: 'unable to get the issuer certificate',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unable to get the local issuer certificate',
  CERT_REVOKED: 'certificate revoked',
  CERT_SIGNATURE_FAILURE: 'certificate signature failure',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate does not match the host name',
};

/** The human sentence for a TLS verification code, e.g. `self-signed certificate`. */
export function describeTlsCode(code: string): string {
  return TLS_CODES[code] ?? code;
}

/** True when `code` is a certificate verification failure rather than a network error. */
export function isTlsCode(code: string): boolean {
  return code in TLS_CODES;
}

/**
 * Turns whatever a check threw into one precise line: the deadline's own message when it tripped,
 * Node's message for socket errors (`connect ECONNREFUSED 127.0.0.1:5999`), a worded TLS failure.
 */
export function describeError(err: unknown, deadline?: Deadline): string {
  if (deadline?.signal.aborted) return deadline.reason();
  if (!(err instanceof Error)) return String(err);
  const code = errorCode(err);
  if (code && isTlsCode(code)) return `TLS error: ${describeTlsCode(code)} (${code})`;
  // OpenSSL's own message is a multi-field dump; its `reason` alone is the readable part.
  if (code?.startsWith('ERR_SSL_')) return `TLS handshake failed: ${sslReason(err)}`;
  if (code === 'UND_ERR_SOCKET')
    return `connection closed by the server without a complete response (${err.message})`;
  // Happy-eyeballs connects (e.g. `localhost` → ::1 and 127.0.0.1) fail with an AggregateError whose
  // own message is empty; its parts carry the addresses tried.
  if (err instanceof AggregateError && err.errors.length > 0) {
    return err.errors.map((e: unknown) => describeError(e)).join('; ');
  }
  if (err.message) return err.message;
  return code ?? err.name;
}

function sslReason(err: Error): string {
  const reason = (err as Error & { reason?: unknown }).reason;
  const text = typeof reason === 'string' ? reason : err.message.trim();
  return text === 'wrong version number' ? `${text} (the port does not seem to speak TLS)` : text;
}

/** The `code` property Node and undici put on their errors, if any. */
export function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  const code = (err as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
