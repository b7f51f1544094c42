import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The name authenticator apps show above the account. */
const ISSUER = 'Monitor';
// One step either side: a phone clock a little off, or a code typed as it rolled over, still works.
const TOLERANCE_SECONDS = 30;
const CODE = /^\d{6}$/;

/** A fresh base32 seed (otplib's default: 20 random bytes, as authenticator apps expect). */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URL an authenticator app reads from the QR code. */
export const otpauthUrl = (username: string, secret: string): string =>
  generateURI({ issuer: ISSUER, label: username, secret });

/**
 * The QR code of `url` as a data: URL of an SVG image: the dashboard shows it with <img>, which the
 * CSP allows (img-src 'self' data:), with no inline script or style.
 */
export async function qrDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step of `code` when it is a current code of `secret` and later than `afterStep` (a code
 * is good once), else null. The caller still records the step atomically (two racing requests).
 */
export async function codeStep(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  if (!CODE.test(code)) return null;
  const r = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  // The functional API's result type also covers HOTP; a TOTP check always carries its step.
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}
