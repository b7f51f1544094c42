import { checkTypeOf } from './registry.js';
import type { CheckTarget } from './types.js';

/** One problem with a monitor's check settings: the field and a sentence for a 422's `errors[]`. */
export interface TargetProblem {
  path: string;
  message: string;
}

/**
 * Checks the fields runCheck reads against the monitor's type, with the same parsers the checks use, so
 * what the API accepts is exactly what the checks understand. Bounds on numbers (intervals, timeouts,
 * retries) are the API's business and are not repeated here. An empty list means valid. The rules
 * of each type are its checker module's (CheckType.validate).
 */
export function validateCheckTarget(target: CheckTarget): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const add = (path: string, message: string): void => {
    problems.push({ path, message });
  };
  const url = (target.url ?? '').trim();
  const type = checkTypeOf(target.monitor_type);
  if (type) type.validate(target, url, add);
  else add('monitor_type', `unknown monitor type "${String(target.monitor_type)}"`);
  if (target.tls_warn_days !== null && target.tls_warn_days !== undefined) {
    if (!Number.isInteger(target.tls_warn_days) || target.tls_warn_days < 0) {
      add('tls_warn_days', 'must be a whole number of days, 0 or more');
    }
  }
  return problems;
}
