// Which lines of a file are new since an earlier version: the head's lines outside a longest common
// subsequence of the two (Myers' O(ND) diff, as git's default), after the common head and tail are
// cut off. A rewrite beyond `maxEdits` counts every differing line as new rather than spending
// quadratic memory on it.

/** 1-based line numbers of `head` added or changed since `base` (a changed line is an added one). */
export function newLines(base: readonly string[], head: readonly string[], maxEdits = 4000): number[] {
  let start = 0;
  while (start < base.length && start < head.length && base[start] === head[start]) start++;
  let endA = base.length;
  let endB = head.length;
  while (endA > start && endB > start && base[endA - 1] === head[endB - 1]) {
    endA--;
    endB--;
  }
  const a = base.slice(start, endA);
  const b = head.slice(start, endB);
  const all = () => b.map((_, j) => start + j + 1);
  if (b.length === 0) return [];
  if (a.length === 0) return all();
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, maxEdits);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  let edits = -1;
  for (let d = 0; d <= limit && edits < 0; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[k - 1 + offset] as number) < (v[k + 1 + offset] as number))
          ? (v[k + 1 + offset] as number)
          : (v[k - 1 + offset] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[k + offset] = x;
      if (x >= n && y >= m) {
        edits = d;
        break;
      }
    }
  }
  if (edits < 0) return all();
  // Walk back from the end: each step of d is one insertion (a head line) or one deletion.
  const out: number[] = [];
  let x = n;
  let y = m;
  for (let d = edits; d > 0; d--) {
    const before = trace[d] as Int32Array;
    const k = x - y;
    const prevK =
      k === -d || (k !== d && (before[k - 1 + offset] as number) < (before[k + 1 + offset] as number))
        ? k + 1
        : k - 1;
    const prevX = before[prevK + offset] as number;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
    }
    if (prevK === k + 1) out.push(start + prevY + 1);
    x = prevX;
    y = prevY;
  }
  return out.reverse();
}
