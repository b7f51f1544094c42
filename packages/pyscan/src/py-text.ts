// Python's str.splitlines() and str.strip() differ from JavaScript's split('\n') and trim():
// radon's raw counts depend on both (a form feed starts a new line, U+FEFF is not whitespace).

function isLineBreak(c: number): boolean {
  return (
    c === 0x0a ||
    c === 0x0d ||
    c === 0x0b ||
    c === 0x0c ||
    c === 0x1c ||
    c === 0x1d ||
    c === 0x1e ||
    c === 0x85 ||
    c === 0x2028 ||
    c === 0x2029
  );
}

/** True for the characters Python's str.isspace() accepts. */
export function isPySpace(c: number): boolean {
  if (c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f)) return true;
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Python's str.splitlines() without keepends. */
export function pySplitLines(text: string): string[] {
  const out: string[] = [];
  const n = text.length;
  let start = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isLineBreak(c)) {
      out.push(text.slice(start, i));
      i += c === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      start = i;
    } else {
      i++;
    }
  }
  if (start < n) out.push(text.slice(start));
  return out;
}

/** Python's str.strip() with no argument. */
export function pyStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isPySpace(s.charCodeAt(a))) a++;
  while (b > a && isPySpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}
