import type { AjvCompiler } from '@fastify/ajv-compiler';
import { PATTERN_MESSAGE } from './human-message.js';

/**
 * Mark a string field as free text that may span lines: `Type.String({ maxLength, [MULTILINE]: true })`.
 * Every other string (names, usernames, tokens, URLs, header values) allows no control character.
 */
export const MULTILINE = 'x-multiline';

/** Where a schema is used: bodies arrive typed (JSON), the other parts are text coerced by AJV. */
export type HttpPart = 'body' | 'querystring' | 'params' | 'headers';

const CONTROL = 'x-control-chars';
const DECIMAL = 'x-decimal-integer';
const DECIMAL_NUM = 'x-decimal-number';

/** C0 controls and DEL: never valid in a single-line value; NUL also breaks PostgreSQL text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** The same, less tab, LF and CR, which free text may contain. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** The one spelling of an integer in a URL: no sign but `-`, no leading zero, exponent, hex or space. */
const DECIMAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;
/** A number in a URL: decimal with an optional fraction and exponent; no hex, `+`, `Infinity` or spaces. */
const DECIMAL_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;

/** The message for a string with a control character, by what the field allows. */
export function controlMessage(multiline: boolean): string {
  return multiline
    ? 'must not contain control characters other than tab, line feed and carriage return'
    : 'must not contain control characters (tab and line breaks included)';
}

type Plugin = NonNullable<NonNullable<Parameters<ReturnType<typeof AjvCompiler>>[1]>['plugins']>[number];
interface KeywordCheck {
  (schema: unknown, data: unknown): boolean;
  errors?: { keyword: string; message: string; params: Record<string, unknown> }[];
}

const controlCheck: KeywordCheck = (mode, data) => {
  const multiline = mode === 'text';
  if (typeof data !== 'string' || !(multiline ? TEXT_CONTROL : ANY_CONTROL).test(data)) return true;
  controlCheck.errors = [{ keyword: CONTROL, message: controlMessage(multiline), params: {} }];
  return false;
};

const decimalCheck: KeywordCheck = (_schema, data) => {
  if (typeof data !== 'string' || DECIMAL_INTEGER.test(data)) return true;
  decimalCheck.errors = [
    {
      keyword: DECIMAL,
      message: 'must be a decimal integer (digits only: no sign, leading zero, exponent, hex or spaces)',
      params: {},
    },
  ];
  return false;
};

const decimalNumberCheck: KeywordCheck = (_schema, data) => {
  if (typeof data !== 'string' || DECIMAL_NUMBER.test(data)) return true;
  decimalNumberCheck.errors = [
    { keyword: DECIMAL_NUM, message: 'must be a decimal number (no hex, "+" or spaces)', params: {} },
  ];
  return false;
};

/** Teaches an AJV instance the annotation and the two checks `hardenSchema` adds. */
export const inputGrammarPlugin = ((ajv: {
  addKeyword(def: Record<string, unknown>): unknown;
  getKeyword(name: string): unknown;
}) => {
  if (!ajv.getKeyword(MULTILINE)) ajv.addKeyword({ keyword: MULTILINE, schemaType: 'boolean' });
  if (!ajv.getKeyword(PATTERN_MESSAGE)) ajv.addKeyword({ keyword: PATTERN_MESSAGE, schemaType: 'string' });
  if (!ajv.getKeyword(CONTROL)) {
    ajv.addKeyword({ keyword: CONTROL, schemaType: 'string', errors: true, validate: controlCheck });
  }
  if (!ajv.getKeyword(DECIMAL)) {
    ajv.addKeyword({ keyword: DECIMAL, schemaType: 'boolean', errors: true, validate: decimalCheck });
  }
  if (!ajv.getKeyword(DECIMAL_NUM)) {
    ajv.addKeyword({
      keyword: DECIMAL_NUM,
      schemaType: 'boolean',
      errors: true,
      validate: decimalNumberCheck,
    });
  }
  return ajv;
}) as unknown as Plugin;

type Node = Record<string, unknown>;
const has = (node: Node, type: string) =>
  node.type === type || (Array.isArray(node.type) && node.type.includes(type));
// Values, not schemas: left exactly as written.
const LITERAL_KEYS = new Set(['const', 'enum', 'default', 'examples', 'example']);

/**
 * A copy of a route schema with the edge grammar added, so the route's own declaration is what is
 * enforced and the error names the field:
 * - strings refuse control characters (free text marked MULTILINE keeps tab, CR and LF in bodies);
 * - integers stay within ±(2^53−1), what a JavaScript number holds exactly and a BIGINT column takes;
 * - integers in query strings and paths must be spelled in decimal before AJV coerces them, since
 *   coercion alone reads `0x99`, `+1`, `01`, `1e3` and ` 1` as numbers (other numbers there are
 *   decimal too, with fraction and exponent allowed).
 */
export function hardenSchema(schema: unknown, part: HttpPart): unknown {
  if (part === 'headers') return schema;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const node: Node = {};
    for (const [k, v] of Object.entries(value)) node[k] = LITERAL_KEYS.has(k) ? v : walk(v);
    if (has(node, 'string') && node[CONTROL] === undefined) {
      node[CONTROL] = part === 'body' && node[MULTILINE] === true ? 'text' : 'line';
    }
    if (part !== 'body' && has(node, 'number') && !has(node, 'integer')) {
      const { default: dflt, ...typed } = node;
      return { ...(dflt === undefined ? {} : { default: dflt }), allOf: [{ [DECIMAL_NUM]: true }, typed] };
    }
    if (has(node, 'integer')) {
      if (node.maximum === undefined && node.exclusiveMaximum === undefined) {
        node.maximum = Number.MAX_SAFE_INTEGER;
      }
      if (node.minimum === undefined && node.exclusiveMinimum === undefined) {
        node.minimum = -Number.MAX_SAFE_INTEGER;
      }
      if (part !== 'body') {
        // The spelling check must see the text, so it runs in a branch with no type to coerce to;
        // the default stays outside for AJV's useDefaults, which only reads it there.
        const { default: dflt, ...typed } = node;
        return { ...(dflt === undefined ? {} : { default: dflt }), allOf: [{ [DECIMAL]: true }, typed] };
      }
    }
    return node;
  };
  return walk(schema);
}
