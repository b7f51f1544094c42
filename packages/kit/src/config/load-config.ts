import { type Field, isFieldError } from './env-fields.js';

export type ConfigOf<S extends Record<string, Field<unknown>>> = {
  readonly [K in keyof S]: S[K] extends Field<infer T> ? T : never;
};

/** Thrown when one or more variables are invalid; the message names each of them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates every variable of `schema` from `source` at once, so a bad start reports
 * all problems in one line instead of failing on the first one used.
 */
export function loadConfig<S extends Record<string, Field<unknown>>>(
  schema: S,
  source: Record<string, string | undefined>,
): ConfigOf<S> {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, field] of Object.entries(schema)) {
    try {
      out[name] = field.parse(source[name]);
    } catch (e) {
      if (!isFieldError(e)) throw e;
      problems.push(`${name} ${e.message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(out) as ConfigOf<S>;
}
