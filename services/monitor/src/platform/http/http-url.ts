/**
 * A problem with a URL field, or null when it parses as http(s). Used by the settings (the app's
 * base URL) and by the notification providers (webhook and API URLs).
 */
export function checkHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? null : 'must use http:// or https://';
  } catch {
    return 'must be an absolute http:// or https:// URL';
  }
}
