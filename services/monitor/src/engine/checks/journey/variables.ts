import type { CheckTarget } from '../types.js';

/** What stands in a message or stored detail for a secret value (the service's SECRET_MASK). */
export const MASK = '********';
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;

/**
 * The `{{variables}}` of one journey run: the monitor's stored credentials (`auth.username`,
 * `auth.password`, `auth.token`) and the captures made so far. Every secret value (credentials,
 * monitor-level header values, captures marked secret) is remembered so that `mask` can take it out
 * of any text leaving the check: error messages, step results, the browser's console lines.
 */
export class JourneyVariables {
  private readonly values = new Map<string, string>();
  private readonly secrets = new Set<string>();

  constructor(target: Pick<CheckTarget, 'auth' | 'headers'>) {
    const auth = target.auth;
    if (auth?.type === 'basic') {
      this.values.set('auth.username', auth.username);
      this.set('auth.password', auth.password, true);
    } else if (auth?.type === 'bearer') {
      this.set('auth.token', auth.token, true);
    }
    // Monitor-level header values may be credentials (the monitor's secrets hold those): all masked.
    for (const value of Object.values(target.headers ?? {})) this.remember(value);
  }

  set(name: string, value: string, secret = false): void {
    this.values.set(name, value);
    if (secret) this.remember(value);
  }

  /** Text with each `{{name}}` replaced; throws naming the first variable that has no value. */
  fill(text: string): string {
    return text.replace(PLACEHOLDER, (_m, name: string) => {
      const value = this.values.get(name);
      if (value === undefined) {
        throw new Error(`variable {{${name}}} has no value (no earlier capture or credential of that name)`);
      }
      return value;
    });
  }

  /** The text with every secret value replaced by the mask (longest first, so none shows in part). */
  mask(text: string): string {
    let out = text;
    for (const s of [...this.secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join(MASK);
    return out;
  }

  // Values too short to be a secret would mask ordinary text (a "1" in every number).
  private remember(value: string): void {
    if (value.length >= 3 && value !== MASK) this.secrets.add(value);
  }
}

/** A text cut to `max` characters for a message, with how much was left out. */
export function truncate(text: string, max = 200): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** The names of the variables a text uses. */
export function variablesIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}
