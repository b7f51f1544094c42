import { PATTERN_MESSAGE } from '@app/kit';
import { Type } from 'typebox';
import { checkHttpUrl } from '../../../platform/http/http-url.js';

/** An absolute http(s) URL; the scheme is re-checked with the URL parser in checkHttpUrl. */
export const HttpUrl = Type.String({
  minLength: 8,
  maxLength: 2048,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
  [PATTERN_MESSAGE]: 'must be an http:// or https:// URL',
});
export const Secret = Type.String({ minLength: 1, maxLength: 1024 });

/** URL problems of the named fields, for a provider's validate(). */
export function urlProblems(
  config: Record<string, unknown>,
  fields: readonly string[],
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const f of fields) {
    const p = checkHttpUrl(config[f]);
    if (p) out.push([f, p]);
  }
  return out;
}
