// Character classes and operators of the fast tokenizer. operatorAt: the token kind at offset s (c is its first code
// unit) packed with its length (kind | length << 8). Throws Unsupported for what Python 3 has not.
import * as T from './tokens.js';
import { unsupported } from './tokens.js';

export function operatorAt(src: string, c: number, s: number): number {
  const d = src.charCodeAt(s + 1);
  const e = src.charCodeAt(s + 2);
  let k = 0;
  let len = 1;
  switch (c) {
    case 40:
      k = T.LPAR;
      break;
    case 41:
      k = T.RPAR;
      break;
    case 91:
      k = T.LSQB;
      break;
    case 93:
      k = T.RSQB;
      break;
    case 123:
      k = T.LBRACE;
      break;
    case 125:
      k = T.RBRACE;
      break;
    case 44:
      k = T.COMMA;
      break;
    case 58:
      if (d === 61) {
        k = T.WALRUS;
        len = 2;
      } else k = T.COLON;
      break;
    case 59:
      k = T.SEMI;
      break;
    case 46:
      if (d === 46 && e === 46) {
        k = T.ELLIPSIS;
        len = 3;
      } else k = T.DOT;
      break;
    case 64:
      if (d === 61) {
        k = T.AUGASSIGN;
        len = 2;
      } else k = T.AT;
      break;
    case 61:
      if (d === 61) {
        k = T.EQEQ;
        len = 2;
      } else k = T.EQUAL;
      break;
    case 33:
      if (d !== 61) unsupported('stray !');
      {
        k = T.NE;
        len = 2;
      }
      break;
    case 43:
    case 37:
    case 38:
    case 124:
    case 94:
      if (d === 61) {
        k = T.AUGASSIGN;
        len = 2;
      } else k = c === 43 ? T.PLUS : c === 37 ? T.PERCENT : c === 38 ? T.AMP : c === 124 ? T.VBAR : T.CARET;
      break;
    case 45:
      if (d === 61) {
        k = T.AUGASSIGN;
        len = 2;
      } else if (d === 62) {
        k = T.ARROW;
        len = 2;
      } else k = T.MINUS;
      break;
    case 126:
      k = T.TILDE;
      break;
    case 42:
      if (d === 42) {
        if (e === 61) {
          k = T.AUGASSIGN;
          len = 3;
        } else {
          k = T.DSTAR;
          len = 2;
        }
      } else if (d === 61) {
        k = T.AUGASSIGN;
        len = 2;
      } else k = T.STAR;
      break;
    case 47:
      if (d === 47) {
        if (e === 61) {
          k = T.AUGASSIGN;
          len = 3;
        } else {
          k = T.DSLASH;
          len = 2;
        }
      } else if (d === 61) {
        k = T.AUGASSIGN;
        len = 2;
      } else k = T.SLASH;
      break;
    case 60:
      if (d === 60) {
        if (e === 61) {
          k = T.AUGASSIGN;
          len = 3;
        } else {
          k = T.LSHIFT;
          len = 2;
        }
      } else if (d === 61) {
        k = T.LE;
        len = 2;
      } else if (d === 62) unsupported('<> operator');
      else k = T.LT;
      break;
    case 62:
      if (d === 62) {
        if (e === 61) {
          k = T.AUGASSIGN;
          len = 3;
        } else {
          k = T.RSHIFT;
          len = 2;
        }
      } else if (d === 61) {
        k = T.GE;
        len = 2;
      } else k = T.GT;
      break;
    default:
      unsupported('unexpected character');
  }
  return k | (len << 8);
}

export function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c >= 128;
}

export function isIdChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57);
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
