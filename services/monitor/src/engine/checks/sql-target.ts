import { parseServiceUrl } from './service-url.js';
import type { CheckTarget } from './types.js';

/**
 * URL and field rules shared by the SQL checks (postgres, mysql): a URL of one of `schemes` whose
 * path is at most the database name, and a query that is SQL or absent (SELECT 1).
 */
export function validateSqlTarget(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
  schemes: Record<string, number>,
): void {
  const where = parseServiceUrl(url, schemes);
  if (typeof where === 'string') add('url', where);
  else if (where.url.pathname.split('/').length > 2) add('url', 'the path must be the database name only');
  if (target.query !== null && target.query !== undefined && target.query.trim() === '') {
    add('query', 'must be SQL to run, or null for SELECT 1');
  }
}
