import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type Directives = Record<string, string[]>;

const serialize = (d: Directives) =>
  Object.entries(d)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');

/**
 * The policy of every response, the UIs' included: scripts, styles and connections from the
 * service itself only, no inline script or style, never framed. No `upgrade-insecure-requests`:
 * the services are often reached over plain HTTP on a LAN, where it would break every asset.
 */
export const UI_CSP: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Swagger UI's policy: its scripts are files (no inline script either), but its React components
 * write `style` attributes, so styles alone may be inline; it also shows data: images.
 */
export const SWAGGER_UI_CSP = serialize({ ...UI_CSP, 'style-src': ["'self'", "'unsafe-inline'"] });

/** The headers the few raw socket answers (see client-errors.ts) must carry by hand. */
export const RAW_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': serialize(UI_CSP),
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/**
 * Sets the security headers on every response of the app, pages, API answers and problems alike
 * (helmet's onRequest hook runs before any route, the 404 and error handlers included).
 * HSTS is left to the TLS-terminating proxy: the service itself may well be on plain HTTP.
 */
export async function installSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: UI_CSP },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
}
