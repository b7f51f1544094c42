import type { FastifyInstance } from 'fastify';
import { type FieldProblem, HttpProblem } from '../errors/problem.js';
import { ANY_CONTROL, controlMessage, TEXT_CONTROL } from './input-grammar.js';

const MAX_REPORTED = 20;

function scan(value: unknown, path: string[], pattern: RegExp, multiline: boolean, out: FieldProblem[]) {
  if (out.length >= MAX_REPORTED) return;
  if (typeof value === 'string') {
    if (pattern.test(value)) out.push({ path: path.join('.'), message: controlMessage(multiline) });
    return;
  }
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) scan(v, [...path, String(i)], pattern, multiline, out);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    // A property name is never free text (header names, config keys): no control character at all.
    if (ANY_CONTROL.test(k)) {
      out.push({ path: [...path, k].join('.'), message: 'has a control character in its name' });
    }
    scan(v, [...path, k], pattern, multiline, out);
  }
}

/**
 * Refuses control characters wherever a schema cannot see them: free-form JSON (`Type.Unknown`,
 * records of unknown, imported documents) and routes without a schema. Bodies may carry tab, CR
 * and LF (free text) in values, but not in property names; query strings and path parameters none. Declared fields get the same rule,
 * stricter where they are single-line, from `hardenSchema`.
 */
export function installControlGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const errors: FieldProblem[] = [];
    scan(req.params, [], ANY_CONTROL, false, errors);
    scan(req.query, [], ANY_CONTROL, false, errors);
    scan(req.body, [], TEXT_CONTROL, true, errors);
    if (errors.length === 0) return;
    const detail = `The request is invalid: ${errors.map((e) => `${e.path || 'body'} ${e.message}`).join('; ')}.`;
    throw new HttpProblem(422, 'validation_failed', 'Validation failed', detail, errors);
  });
}
