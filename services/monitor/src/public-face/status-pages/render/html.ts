import escapeHtml from 'escape-html';

/** Markup that is already safe: the only values the `html` template inserts without escaping. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/**
 * Builds markup where every interpolated value is escaped unless it is SafeHtml. Monitor names,
 * incident messages and page texts are typed by users: making escaping the default, not a step to
 * remember, is what keeps a hostile name from becoming markup. Arrays are joined; null, undefined
 * and false render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) {
    out += fragment(values[i]) + (strings[i + 1] ?? '');
  }
  return new SafeHtml(out);
}

function fragment(v: unknown): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(fragment).join('');
  return escapeHtml(String(v));
}
