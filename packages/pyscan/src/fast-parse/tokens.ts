// Token kinds of the fast parser's tokenizer. Keywords get their own kinds so the parser compares
// small integers; soft keywords (match, case, type, print, exec) stay names.

export const EOF = 0;
export const NEWLINE = 1;
export const INDENT = 2;
export const DEDENT = 3;
export const NAME = 4;
export const NUMBER = 5;
export const STRING = 6;
/** An f-string's opening (prefix and quotes); its fields follow as tokens, then FEND. */
export const FSTART = 7;
export const FEND = 8;
/** The `{` of an f-string replacement field, and its `}`. */
export const FOPEN = 9;
export const FCLOSE = 10;
/** The `:` that starts a replacement field's format specifier. */
export const FSPEC = 11;

export const LPAR = 20;
export const RPAR = 21;
export const LSQB = 22;
export const RSQB = 23;
export const LBRACE = 24;
export const RBRACE = 25;
export const COMMA = 26;
export const COLON = 27;
export const SEMI = 28;
export const DOT = 29;
export const ELLIPSIS = 30;
export const AT = 31;
export const EQUAL = 32;
export const ARROW = 33;
/** Any augmented assignment (`+=`, `//=`, …); the text says which. */
export const AUGASSIGN = 34;
export const WALRUS = 35;
export const PLUS = 36;
export const MINUS = 37;
export const STAR = 38;
export const SLASH = 39;
export const DSLASH = 40;
export const PERCENT = 41;
export const DSTAR = 42;
export const LSHIFT = 43;
export const RSHIFT = 44;
export const AMP = 45;
export const VBAR = 46;
export const CARET = 47;
export const TILDE = 48;
export const LT = 49;
export const GT = 50;
export const LE = 51;
export const GE = 52;
export const EQEQ = 53;
export const NE = 54;

export const KW_FALSE = 60;
export const KW_NONE = 61;
export const KW_TRUE = 62;
export const KW_AND = 63;
export const KW_AS = 64;
export const KW_ASSERT = 65;
export const KW_ASYNC = 66;
export const KW_AWAIT = 67;
export const KW_BREAK = 68;
export const KW_CLASS = 69;
export const KW_CONTINUE = 70;
export const KW_DEF = 71;
export const KW_DEL = 72;
export const KW_ELIF = 73;
export const KW_ELSE = 74;
export const KW_EXCEPT = 75;
export const KW_FINALLY = 76;
export const KW_FOR = 77;
export const KW_FROM = 78;
export const KW_GLOBAL = 79;
export const KW_IF = 80;
export const KW_IMPORT = 81;
export const KW_IN = 82;
export const KW_IS = 83;
export const KW_LAMBDA = 84;
export const KW_NONLOCAL = 85;
export const KW_NOT = 86;
export const KW_OR = 87;
export const KW_PASS = 88;
export const KW_RAISE = 89;
export const KW_RETURN = 90;
export const KW_TRY = 91;
export const KW_WHILE = 92;
export const KW_WITH = 93;
export const KW_YIELD = 94;

export const KEYWORDS = new Map<string, number>([
  ['False', KW_FALSE],
  ['None', KW_NONE],
  ['True', KW_TRUE],
  ['and', KW_AND],
  ['as', KW_AS],
  ['assert', KW_ASSERT],
  ['async', KW_ASYNC],
  ['await', KW_AWAIT],
  ['break', KW_BREAK],
  ['class', KW_CLASS],
  ['continue', KW_CONTINUE],
  ['def', KW_DEF],
  ['del', KW_DEL],
  ['elif', KW_ELIF],
  ['else', KW_ELSE],
  ['except', KW_EXCEPT],
  ['finally', KW_FINALLY],
  ['for', KW_FOR],
  ['from', KW_FROM],
  ['global', KW_GLOBAL],
  ['if', KW_IF],
  ['import', KW_IMPORT],
  ['in', KW_IN],
  ['is', KW_IS],
  ['lambda', KW_LAMBDA],
  ['nonlocal', KW_NONLOCAL],
  ['not', KW_NOT],
  ['or', KW_OR],
  ['pass', KW_PASS],
  ['raise', KW_RAISE],
  ['return', KW_RETURN],
  ['try', KW_TRY],
  ['while', KW_WHILE],
  ['with', KW_WITH],
  ['yield', KW_YIELD],
]);

/** Thrown for anything the fast path does not handle; the caller falls back to tree-sitter. */
export class Unsupported extends Error {}

export function unsupported(what: string): never {
  throw new Unsupported(what);
}
