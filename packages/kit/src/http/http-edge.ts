import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { commonProblems, defineErrors } from '../errors/problem.js';
import { problemFrameworkErrors } from './client-errors.js';
import { installControlGuard } from './control-guard.js';
import { installSecurityHeaders } from './security-headers.js';
import { strictValidation } from './strict-validation.js';

const problems = defineErrors(commonProblems);

/** URLs longer than this are refused with 414; Node's own 16 KiB limit on the head answers 431 beyond it. */
export const MAX_URL_LENGTH = 8192;

export interface HttpEdgeOptions {
  /**
   * Query-string names or values that are credentials which must never travel in a URL (URLs end
   * up in logs, proxies and browser history): such a request is refused before authentication.
   */
  refuseInQuery?: { pattern: RegExp; detail: string };
}

/** The Fastify constructor options of the edge: strict validation with the input grammar, problem+json framework errors. */
export const httpEdgeOptions: Pick<
  FastifyServerOptions,
  'ajv' | 'schemaController' | 'frameworkErrors' | 'clientErrorHandler'
> = { ...strictValidation, ...problemFrameworkErrors };

/**
 * Installs what every request meets first, for both services alike: the security headers, the
 * URL length limit, the control-character guard and, when asked, the refusal of credentials in query strings. Call it
 * right after creating the app, before any route or other hook.
 */
export async function installHttpEdge(app: FastifyInstance, opts: HttpEdgeOptions = {}) {
  await installSecurityHeaders(app);
  app.addHook('onRequest', async (req) => {
    if (req.url.length > MAX_URL_LENGTH) {
      throw problems.uri_too_long(`The URL is longer than ${MAX_URL_LENGTH} characters.`);
    }
  });
  installControlGuard(app);
  const refuse = opts.refuseInQuery;
  if (refuse) {
    app.addHook('onRequest', async (req) => {
      const q = req.url.indexOf('?');
      if (q < 0) return;
      for (const [name, value] of new URLSearchParams(req.url.slice(q + 1))) {
        if (refuse.pattern.test(value) || refuse.pattern.test(name)) {
          throw problems.credentials_in_url(refuse.detail);
        }
      }
    });
  }
}
