/**
 * The JSON-path assertion of HTTP monitors: a small dotted/bracket path, not full JSONPath.
 *
 *   path    := [ "$" ] [ name ] segment*
 *   segment := "." name | "[" digits "]" | "[" json-string "]" | "['" text "']"
 *   name    := one or more characters other than . [ ] and whitespace
 *
 * Examples: `status`, `$.data.items[0].name`, `checks["db.main"].ok`, `items.0.id` (a name made of
 * digits indexes an array). `$` or an empty path is the whole document.
 *
 * Comparison with `json_expected`: a string value equals the text as is; otherwise the text is read as
 * JSON and compared structurally (`42`, `true`, `null`, `[1,2]`, `{"a":1}`; key order does not matter),
 * so `"ok"` and `ok` both match the string ok.
 */

export type PathKey = string | number;

export type ParseJsonPathResult = { ok: true; keys: PathKey[] } | { ok: false; message: string };

/** Parses a path of the grammar above into its keys. */
export function parseJsonPath(path: string): ParseJsonPathResult {
  const text = path.trim();
  const keys: PathKey[] = [];
  let i = text.startsWith('$') ? 1 : 0;
  // A bare leading name (`status.code`) reads as if it followed `$.`.
  let needSeparator = i === 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '.' || (!needSeparator && ch !== '[')) {
      if (ch === '.') i++;
      const start = i;
      while (i < text.length && !/[.[\]\s]/.test(text[i] ?? '')) i++;
      if (i === start) return { ok: false, message: `expected a name at position ${start + 1} of "${text}"` };
      keys.push(text.slice(start, i));
      needSeparator = true;
      continue;
    }
    if (ch !== '[') return { ok: false, message: `unexpected "${ch}" at position ${i + 1} of "${text}"` };
    const close = findClose(text, i + 1);
    if (close < 0) return { ok: false, message: `unclosed "[" at position ${i + 1} of "${text}"` };
    const inner = text.slice(i + 1, close).trim();
    const key = bracketKey(inner);
    if (key === undefined) {
      return { ok: false, message: `"[${inner}]" in "${text}" is neither an index nor a quoted key` };
    }
    keys.push(key);
    i = close + 1;
  }
  return { ok: true, keys };
}

/** The value at `keys`, or `undefined` when some step is missing. */
export function resolveJsonPath(doc: unknown, keys: PathKey[]): unknown {
  let cur: unknown = doc;
  for (const key of keys) {
    if (Array.isArray(cur)) {
      const index = typeof key === 'number' ? key : /^\d+$/.test(key) ? Number(key) : Number.NaN;
      if (!Number.isInteger(index) || index >= cur.length) return undefined;
      cur = cur[index];
    } else if (typeof cur === 'object' && cur !== null && Object.hasOwn(cur, String(key))) {
      cur = (cur as Record<string, unknown>)[String(key)];
    } else {
      return undefined;
    }
  }
  return cur;
}

/** True when a resolved value equals the expected text under the comparison rule above. */
export function jsonValueMatches(value: unknown, expected: string): boolean {
  if (typeof value === 'string' && value === expected) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(expected);
  } catch {
    return false;
  }
  return canonical(value) === canonical(parsed);
}

/** A value shortened for an error message. */
export function showJsonValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function findClose(text: string, from: number): number {
  const quote = text[from] === '"' || text[from] === "'" ? text[from] : undefined;
  if (!quote) return text.indexOf(']', from);
  for (let i = from + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return text.indexOf(']', i + 1) === i + 1 ? i + 1 : -1;
  }
  return -1;
}

function bracketKey(inner: string): PathKey | undefined {
  if (/^\d+$/.test(inner)) return Number(inner);
  if (inner.length >= 2 && inner.startsWith("'") && inner.endsWith("'")) return inner.slice(1, -1);
  if (inner.length >= 2 && inner.startsWith('"') && inner.endsWith('"')) {
    try {
      const key: unknown = JSON.parse(inner);
      return typeof key === 'string' ? key : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

// JSON text with object keys sorted, so structural equality is a string comparison.
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}
