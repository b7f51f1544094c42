import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { type FieldProblem, HttpProblem } from '../errors/problem.js';
import { type AjvIssue, humanMessage, withSchemas } from './human-message.js';

/**
 * Converts validator issues into dotted-path field problems (`monitors.3.url`). Accepts AJV's
 * shape (Fastify) and TypeBox's (`Value.Errors`), which lists several missing or unknown
 * properties in one issue.
 */
export function fieldProblems(issues: AjvIssue[], context?: string): FieldProblem[] {
  // A nullable field (`anyOf: [string, null]`) that fails says why its value is wrong, not also
  // "must be null" and "must match a schema in anyOf".
  const failedUnion = new Set(issues.filter((i) => i.keyword === 'anyOf').map((i) => i.instancePath ?? ''));
  const said = new Set(
    issues
      .filter((i) => i.keyword !== 'anyOf' && !(i.keyword === 'type' && i.params?.type === 'null'))
      .map((i) => i.instancePath ?? ''),
  );
  return issues.flatMap((i) => {
    const at0 = i.instancePath ?? '';
    if (failedUnion.has(at0) && said.has(at0)) {
      if (i.keyword === 'anyOf' || (i.keyword === 'type' && i.params?.type === 'null')) return [];
    }
    const parts = (i.instancePath ?? '').split('/').filter(Boolean);
    const at = (name?: string) =>
      [...parts, ...(name === undefined ? [] : [name])].join('.') ||
      (context === 'body' ? '' : (context ?? ''));
    const names = (one: unknown, many: unknown): string[] =>
      typeof one === 'string' ? [one] : Array.isArray(many) ? many.map(String) : [];
    if (i.keyword === 'required') {
      const missing = names(i.params?.missingProperty, i.params?.requiredProperties);
      if (missing.length) return missing.map((m) => ({ path: at(m), message: 'is required' }));
    }
    if (i.keyword === 'additionalProperties') {
      const extra = names(i.params?.additionalProperty, i.params?.additionalProperties);
      if (extra.length) return extra.map((m) => ({ path: at(m), message: 'is not a known field' }));
    }
    // TypeBox adds a `schema is false` issue per unknown property beside the additionalProperties one.
    if (i.keyword === 'boolean' && i.message === 'schema is false') return [];
    return [{ path: at(), message: humanMessage(i) }];
  });
}

function send(reply: FastifyReply, problem: HttpProblem) {
  for (const [k, v] of Object.entries(problem.headers)) reply.header(k, v);
  if (problem.status === 401 && !reply.hasHeader('www-authenticate'))
    reply.header('WWW-Authenticate', 'Bearer');
  // Pre-serialised so a route's response schema never filters the problem body.
  return reply.code(problem.status).type('application/problem+json').send(JSON.stringify(problem.toBody()));
}

/**
 * Installs the one place that turns every error into problem details: known problems as they
 * are, framework errors mapped to the catalogue's codes, anything else a 500 that leaks nothing.
 */
export function installProblemHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpProblem) return send(reply, err);
    if (err.validation) {
      const ctx = err.validationContext;
      const schema = (req.routeOptions.schema as Record<string, unknown> | undefined)?.[ctx ?? 'body'];
      const errors = fieldProblems(withSchemas(err.validation as AjvIssue[], schema), ctx);
      const detail = `The request ${ctx ?? 'input'} is invalid: ${errors.map((e) => `${e.path || ctx} ${e.message}`).join('; ')}.`;
      return send(reply, new HttpProblem(422, 'validation_failed', 'Validation failed', detail, errors));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(
          reply,
          new HttpProblem(400, 'malformed_json', 'Malformed JSON', 'The body is not valid JSON.'),
        );
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(
          reply,
          new HttpProblem(413, 'payload_too_large', 'Payload too large', 'The body is too large.'),
        );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(
          reply,
          new HttpProblem(415, 'unsupported_media_type', 'Unsupported media type', 'Send application/json.'),
        );
    }
    if (err instanceof SyntaxError && err.statusCode === 400) {
      return send(
        reply,
        new HttpProblem(400, 'malformed_json', 'Malformed JSON', 'The body is not valid JSON.'),
      );
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, new HttpProblem(err.statusCode, 'bad_request', 'Bad request', err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return send(
      reply,
      new HttpProblem(
        500,
        'internal_error',
        'Internal server error',
        'Something went wrong; it has been logged.',
      ),
    );
  });
  app.setNotFoundHandler((req, reply) =>
    send(
      reply,
      new HttpProblem(404, 'not_found', 'Not found', `No route for ${req.method} ${req.url.split('?')[0]}.`),
    ),
  );
}
