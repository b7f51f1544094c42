import { type FieldProblem, fieldProblems, withSchemas } from '@app/kit';
import { errors } from '../../errors.js';
import type { MonitorInput } from './monitor-input.js';
import { withDefaults } from './monitor-input.js';
import { validateMonitor } from './validate-monitor.js';

/**
 * Every problem of a monitor body that failed its JSON schema: the schema's, plus what the rules
 * beyond it (URL, status codes, cross-field limits) say about the fields the schema let through.
 * Without this a form learnt of an empty name first and of a bad URL only on the next try.
 */
export function everyBodyProblem(issues: unknown[], body: unknown, schema: unknown) {
  const problems = fieldProblems(withSchemas(issues as Parameters<typeof withSchemas>[0], schema), 'body');
  const top = (p: FieldProblem) => p.path.split('.')[0] ?? '';
  const bad = new Set(problems.map(top));
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const rest = Object.fromEntries(Object.entries(body).filter(([k]) => !bad.has(k))) as MonitorInput;
    try {
      problems.push(...validateMonitor(withDefaults(rest)).filter((p) => !bad.has(top(p))));
    } catch {
      // What passed the schema could not even be put together: its own problems are enough.
    }
  }
  const detail = `The request body is invalid: ${problems.map((p) => `${p.path || 'body'} ${p.message}`).join('; ')}.`;
  return errors.validation_failed(detail, { errors: problems });
}
