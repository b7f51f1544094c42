import { Type } from 'typebox';

/** An absolute http(s) URL; the scheme is re-checked with the URL parser in checkHttpUrl. */
export const HttpUrl = Type.String({ minLength: 8, maxLength: 2048, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' });
export const Secret = Type.String({ minLength: 1, maxLength: 1024 });

/** A problem with a URL field, or null when it parses as http(s). */
export function checkHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? null : 'must use http:// or https://';
  } catch {
    return 'must be an absolute http:// or https:// URL';
  }
}

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
