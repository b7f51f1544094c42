import { TextDecoder } from 'node:util';
/** Result of turning a file's bytes into Python source text. */
export type Decoded = { ok: true; text: string; encoding: string } | { ok: false; error: string };

// PEP 263: the cookie may sit on line 1, or on line 2 when line 1 is blank or a comment.
const COOKIE = /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/;
const BLANK_OR_COMMENT = /^[ \t\f]*(?:[#\r\n]|$)/;

/** Normalises a codec name the way CPython does before looking it up. */
function normalName(raw: string): string {
  const enc = raw.slice(0, 12).toLowerCase().replace(/_/g, '-');
  if (enc === 'utf-8' || enc.startsWith('utf-8-')) return 'utf-8';
  if (/^(latin-1|iso-8859-1|iso-latin-1)(-|$)/.test(enc)) return 'latin-1';
  return raw.toLowerCase().replace(/_/g, '-');
}

function firstLines(bytes: Uint8Array): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length && out.length < 2; i++) {
    if (bytes[i] === 0x0a) {
      out.push(Buffer.from(bytes.subarray(start, i + 1)).toString('latin1'));
      start = i + 1;
    }
  }
  if (out.length < 2 && start < bytes.length) {
    out.push(Buffer.from(bytes.subarray(start, Math.min(bytes.length, start + 4096))).toString('latin1'));
  }
  return out;
}

/** Finds the declared source encoding (PEP 263), or null when none is declared. */
export function findCookie(bytes: Uint8Array): string | null {
  const lines = firstLines(bytes);
  for (let i = 0; i < lines.length && i < 2; i++) {
    const line = lines[i] ?? '';
    const m = COOKIE.exec(line);
    if (m?.[1]) return m[1];
    if (!BLANK_OR_COMMENT.test(line)) return null;
  }
  return null;
}

function decodeWith(encoding: string, bytes: Uint8Array): string {
  if (encoding === 'latin-1') return Buffer.from(bytes).toString('latin1');
  if (encoding === 'ascii' || encoding === 'us-ascii') {
    for (const b of bytes) if (b > 0x7f) throw new Error('byte above 0x7f in an ascii file');
    return Buffer.from(bytes).toString('latin1');
  }
  let dec = decoders.get(encoding);
  if (!dec) {
    dec = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
    decoders.set(encoding, dec);
  }
  return dec.decode(bytes);
}

const decoders = new Map<string, TextDecoder>();

/** Decodes Python source bytes honouring a UTF-8 BOM and a PEP 263 coding cookie; never throws. */
export function decodeSource(bytes: Uint8Array): Decoded {
  let body = bytes;
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (bom) body = bytes.subarray(3);
  const cookie = findCookie(body);
  const encoding = cookie ? normalName(cookie) : 'utf-8';
  if (bom && encoding !== 'utf-8')
    return { ok: false, error: `encoding problem: ${cookie} with a UTF-8 BOM` };
  try {
    return { ok: true, text: decodeWith(encoding, body), encoding };
  } catch (err) {
    const what = err instanceof RangeError ? `unknown encoding: ${cookie}` : `cannot decode as ${encoding}`;
    return { ok: false, error: what };
  }
}

/** Applies universal-newline translation (CRLF and CR become LF), as Python's text reading does. */
export function normaliseNewlines(text: string): string {
  let out = text;
  if (out.charCodeAt(0) === 0xfeff) out = out.slice(1);
  if (out.indexOf('\r') < 0) return out;
  return out.replace(/\r\n?/g, '\n');
}
