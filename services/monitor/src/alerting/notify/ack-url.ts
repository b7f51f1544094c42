import { createHmac } from 'node:crypto';

/**
 * The path of acknowledgement links: `/ack/<token>` (issue 33). The token is single use, bound to
 * one person and one incident, and no session: opening it (GET) only shows a page whose form POSTs
 * the token in the body, so a link scanner that fetches it acknowledges nothing. The path is
 * redacted from the logs (SECRET_PATH_PREFIXES).
 */
export const ACK_PATH = '/ack/';

export const ackSignature = (key: Buffer, nonce: string) =>
  createHmac('sha256', key).update(`incident-ack:${nonce}`).digest('base64url');

/** The token of a nonce: `<nonce>.<HMAC>`; without the key no token can be made for a nonce. */
export const ackToken = (key: Buffer, nonce: string) => `${nonce}.${ackSignature(key, nonce)}`;

/**
 * The link's absolute URL, made at delivery time so the outbox stores only the nonce (null
 * without the app_base_url setting: a relative link helps nobody on a phone).
 */
export const ackUrl = (key: Buffer, base: string | null, nonce: string): string | null =>
  base ? `${base.replace(/\/+$/, '')}${ACK_PATH}${ackToken(key, nonce)}` : null;
