/**
 * Typed environment fields. Each field parses one variable's raw text and either returns a value
 * or throws a message that names what was expected; `loadConfig` prefixes the variable name.
 */
export interface Field<T> {
  parse(raw: string | undefined): T;
}

class FieldError extends Error {}

/** Raised inside a field parser; carries only the human explanation. */
export function invalid(message: string): never {
  throw new FieldError(message);
}

export function isFieldError(e: unknown): e is Error {
  return e instanceof FieldError;
}

const blank = (raw: string | undefined): raw is undefined => raw === undefined || raw.trim() === '';

/** A string; `undefined` when unset and no default is given. */
export function str(opts: { default: string }): Field<string>;
export function str(opts?: { default?: undefined }): Field<string | undefined>;
export function str(opts: { default?: string } = {}): Field<string | undefined> {
  return { parse: (raw) => (blank(raw) ? opts.default : raw.trim()) };
}

/** An integer within bounds. */
export function int(opts: { default: number; min?: number; max?: number }): Field<number> {
  const min = opts.min ?? Number.MIN_SAFE_INTEGER;
  const max = opts.max ?? Number.MAX_SAFE_INTEGER;
  return {
    parse(raw) {
      if (blank(raw)) return opts.default;
      const v = Number(raw.trim());
      if (!/^-?\d+$/.test(raw.trim()) || v < min || v > max) {
        invalid(`must be an integer from ${min} to ${max}, got "${raw}"`);
      }
      return v;
    },
  };
}

/** A boolean written as true/false/1/0/yes/no. */
export function bool(opts: { default: boolean }): Field<boolean> {
  return {
    parse(raw) {
      if (blank(raw)) return opts.default;
      const v = raw.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      return invalid(`must be true or false, got "${raw}"`);
    },
  };
}

/** One of a fixed set of words. */
export function oneOf<const T extends string>(values: readonly T[], opts: { default: T }): Field<T> {
  return {
    parse(raw) {
      if (blank(raw)) return opts.default;
      const v = raw.trim() as T;
      if (!values.includes(v)) invalid(`must be one of ${values.join(', ')}, got "${raw}"`);
      return v;
    },
  };
}

/** A URL whose scheme is one of `protocols` (without the colon); unset stays undefined. */
export function url(opts: { protocols: string[]; default?: string }): Field<string | undefined> {
  return {
    parse(raw) {
      const text = blank(raw) ? opts.default : raw.trim();
      if (text === undefined) return undefined;
      let parsed: URL;
      try {
        parsed = new URL(text);
      } catch {
        return invalid(`must be a URL (${opts.protocols.join(', ')}), got "${redactUrl(text)}"`);
      }
      const scheme = parsed.protocol.replace(/:$/, '');
      if (!opts.protocols.includes(scheme)) {
        invalid(`must use one of ${opts.protocols.join(', ')}, got "${scheme}"`);
      }
      return text;
    },
  };
}

/** Hides the password of a URL before it goes into a message or a log line. */
export function redactUrl(text: string): string {
  return text.replace(/(\/\/[^/:@]*:)[^@/]*@/, '$1***@');
}
