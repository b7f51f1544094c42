/** One validator issue, in AJV's shape or TypeBox's; `parentSchema` as withSchemas finds it. */
export interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  schemaPath?: string;
  parentSchema?: Record<string, unknown>;
}

/**
 * Puts on each issue the schema it failed, found by its `schemaPath` in `root` (AJV's ends with the
 * keyword, `#/properties/tag/pattern`; TypeBox's does not), for a pattern's own words. Found
 * this way rather than with AJV's `verbose`, which would also put the failing value, a password
 * say, on every error.
 */
export function withSchemas(issues: AjvIssue[], root: unknown): AjvIssue[] {
  return issues.map((i) => {
    const keys = (i.schemaPath ?? '').replace(/^#\/?/, '').split('/').filter(Boolean);
    if (keys.at(-1) === i.keyword) keys.pop();
    let node = root;
    for (const key of keys) {
      if (!node || typeof node !== 'object') return i;
      node = (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node && typeof node === 'object' ? { ...i, parentSchema: node as Record<string, unknown> } : i;
  });
}

/**
 * A schema's own words for a `pattern` it sets, said instead of the regular expression:
 * `Type.String({ pattern: '^[^:]+$', [PATTERN_MESSAGE]: 'must not contain a colon' })`.
 */
export const PATTERN_MESSAGE = 'x-pattern-message';

const TYPE_WORDS: Record<string, string> = {
  integer: 'must be a whole number',
  number: 'must be a number',
  string: 'must be text',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  null: 'must be empty',
};

const FORMAT_WORDS: Record<string, string> = {
  uri: 'must be a full URL (https://…)',
  email: 'must be an e-mail address',
  'date-time': 'must be a date and time such as 2026-11-29T14:30:00Z',
  date: 'must be a date such as 2026-11-29',
  uuid: 'must be a UUID',
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The field message for a validator issue in people's words ("must be at least 1", "must not be
 * empty") instead of the schema's ("must be >= 1", "must NOT have fewer than 1 characters"), which
 * is what the dashboards show next to a field. Unknown keywords keep the validator's message.
 */
export function humanMessage(i: AjvIssue): string {
  const p = i.params ?? {};
  const n = (k: string) => Number(p[k]);
  switch (i.keyword) {
    case 'minLength':
      return n('limit') === 1 ? 'must not be empty' : `must be at least ${plural(n('limit'), 'character')}`;
    case 'maxLength':
      return `must be at most ${plural(n('limit'), 'character')}`;
    case 'minimum':
      return `must be at least ${n('limit')}`;
    case 'maximum':
      return `must be at most ${n('limit')}`;
    case 'exclusiveMinimum':
      return `must be more than ${n('limit')}`;
    case 'exclusiveMaximum':
      return `must be less than ${n('limit')}`;
    case 'minItems':
      return n('limit') === 1 ? 'must not be empty' : `must have at least ${plural(n('limit'), 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(n('limit'), 'item')}`;
    case 'uniqueItems':
      return 'must not list the same item twice';
    case 'type': {
      const t = String(p.type ?? '');
      return TYPE_WORDS[t] ?? i.message ?? 'is invalid';
    }
    case 'format':
      return FORMAT_WORDS[String(p.format)] ?? `must be a valid ${String(p.format)}`;
    case 'pattern': {
      const own = i.parentSchema?.[PATTERN_MESSAGE];
      return typeof own === 'string' ? own : 'is not in the expected form';
    }
    case 'enum':
      return Array.isArray(p.allowedValues)
        ? `must be one of ${(p.allowedValues as unknown[]).join(', ')}`
        : (i.message ?? 'is invalid');
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    default:
      return i.message ?? 'is invalid';
  }
}
