// Values of Python literals, reduced to keys that compare equal exactly when Python's `==` (and
// hash) would: 1, 1.0 and True share a key; 'x' and the name x share a key (radon keeps names,
// attribute names and constants in one set of operands).
import type { Node } from 'web-tree-sitter';
import { namedKids } from './grammar.js';

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

/** Value of a plain string or bytes literal from its source text, or null for f-strings. */
export function stringValue(text: string): { bytes: boolean; value: string } | null {
  const m = /^([A-Za-z]*)('''|"""|'|")/.exec(text);
  if (!m) return null;
  const prefix = (m[1] ?? '').toLowerCase();
  if (prefix.includes('f')) return null;
  const q = m[2] ?? '';
  const body = text.slice(m[0].length, text.length - q.length);
  const bytes = prefix.includes('b');
  return { bytes, value: prefix.includes('r') ? body : decodeEscapes(body, bytes) };
}

export function numberKey(text: string): string {
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
export function operandKey(node: Node): string {
  for (;;) {
    const ty = node.type;
    if (ty === 'parenthesized_expression' || ty === 'type' || ty === 'expression') {
      const inner = namedKids(node)[0];
      if (!inner) return `u:${node.id}`;
      node = inner;
      continue;
    }
    switch (ty) {
      case 'identifier':
        return `s:${node.text}`;
      case 'attribute': {
        const attr = node.childForFieldName('attribute');
        return attr ? `s:${attr.text}` : `u:${node.id}`;
      }
      case 'integer':
      case 'float':
        return numberKey(node.text);
      case 'true':
        return 'n:1';
      case 'false':
        return 'n:0';
      case 'none':
        return 'None';
      case 'ellipsis':
        return 'Ellipsis';
      case 'string': {
        const v = stringValue(node.text);
        return v ? `${v.bytes ? 'b' : 's'}:${v.value}` : `u:${node.id}`;
      }
      case 'concatenated_string': {
        let acc = '';
        let bytes = false;
        for (const part of namedKids(node)) {
          const v = stringValue(part.text);
          if (!v) return `u:${node.id}`;
          acc += v.value;
          bytes = v.bytes;
        }
        return `${bytes ? 'b' : 's'}:${acc}`;
      }
      default:
        return `u:${node.id}`;
    }
  }
}
