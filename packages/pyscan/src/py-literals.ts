// Values of Python literals, reduced to keys that compare equal exactly when Python's `==` (and
// hash) would: 1, 1.0 and True share a key; 'x' and the name x share a key (radon keeps names,
// attribute names and constants in one set of operands).
import { type FlatTree, isTrivia, textOf } from './tree.js';

const SIMPLE_ESCAPES: Record<string, string> = {
  '\n': '',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** Decodes the escapes of a non-raw string body. */
export function decodeEscapes(body: string, bytes: boolean): string {
  if (body.indexOf('\\') < 0) return body;
  let out = '';
  let i = 0;
  while (i < body.length) {
    const c = body[i] ?? '';
    if (c !== '\\' || i + 1 >= body.length) {
      out += c;
      i++;
      continue;
    }
    const e = body[i + 1] ?? '';
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      i += 2;
    } else if (e >= '0' && e <= '7') {
      const m = /^[0-7]{1,3}/.exec(body.slice(i + 1, i + 4))?.[0] ?? e;
      out += String.fromCodePoint(Number.parseInt(m, 8));
      i += 1 + m.length;
    } else if (e === 'x' || (!bytes && (e === 'u' || e === 'U'))) {
      const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 2, i + 2 + len);
      const cp = Number.parseInt(hex, 16);
      out += Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : `\\${e}${hex}`;
      i += 2 + len;
    } else {
      out += `\\${e}`;
      i += 2;
    }
  }
  return out;
}

/** Key of a plain string or bytes literal node, or null for f-strings. */
function stringKey(t: FlatTree, i: number): { bytes: boolean; value: string } | null {
  let startTok = -1;
  let endTok = -1;
  for (let k = i + 1; k >= 0 && k < i + (t.size[i] ?? 1); k = t.next[k] ?? -1) {
    if (t.type[k] === 'string_start') startTok = k;
    else if (t.type[k] === 'string_end') endTok = k;
  }
  if (startTok < 0 || endTok < 0) return null;
  const opener = textOf(t, startTok);
  const prefix = opener.replace(/['"]+$/, '').toLowerCase();
  if (prefix.includes('f')) return null;
  const body = t.src.slice(t.end[startTok], t.start[endTok]);
  const bytes = prefix.includes('b');
  return { bytes, value: prefix.includes('r') ? body : decodeEscapes(body, bytes) };
}

function numberKey(text: string): string {
  let s = text.replace(/_/g, '');
  if (/[jJ]$/.test(s)) {
    const v = Number(s.slice(0, -1));
    return v === 0 ? 'n:0' : `c:${v}`;
  }
  s = s.replace(/[lL]$/, '');
  if (/^0[xXoObB]/.test(s) || /^\d+$/.test(s)) {
    try {
      return `n:${BigInt(s.replace(/^0+(?=\d)/, '')).toString()}`;
    } catch {
      return `t:${s}`;
    }
  }
  const v = Number(s);
  if (Number.isInteger(v)) return `n:${BigInt(v).toString()}`;
  return `f:${v}`;
}

/**
 * The operand identity radon uses for an expression node: a name's id, an attribute's name,
 * a constant's value, or (for anything else) the node itself.
 */
export function operandKey(t: FlatTree, i: number): string {
  for (;;) {
    const ty = t.type[i];
    if (ty === 'parenthesized_expression' || ty === 'type' || ty === 'expression') {
      let inner = -1;
      for (let k = i + 1; k >= 0 && k < i + (t.size[i] ?? 1); k = t.next[k] ?? -1) {
        if (t.named[k] && !isTrivia(t, k)) {
          inner = k;
          break;
        }
      }
      if (inner < 0) return `u:${i}`;
      i = inner;
      continue;
    }
    switch (ty) {
      case 'identifier':
        return `s:${textOf(t, i)}`;
      case 'attribute': {
        let last = -1;
        for (let k = i + 1; k >= 0; k = t.next[k] ?? -1) if (t.field[k] === 'attribute') last = k;
        return last >= 0 ? `s:${textOf(t, last)}` : `u:${i}`;
      }
      case 'integer':
      case 'float':
        return numberKey(textOf(t, i));
      case 'true':
        return 'n:1';
      case 'false':
        return 'n:0';
      case 'none':
        return 'None';
      case 'ellipsis':
        return 'Ellipsis';
      case 'string': {
        const v = stringKey(t, i);
        return v ? `${v.bytes ? 'b' : 's'}:${v.value}` : `u:${i}`;
      }
      case 'concatenated_string': {
        let acc = '';
        let bytes = false;
        for (let k = i + 1; k >= 0; k = t.next[k] ?? -1) {
          if (t.type[k] !== 'string') continue;
          const v = stringKey(t, k);
          if (!v) return `u:${i}`;
          acc += v.value;
          bytes = v.bytes;
        }
        return `${bytes ? 'b' : 's'}:${acc}`;
      }
      default:
        return `u:${i}`;
    }
  }
}
