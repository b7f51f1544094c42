/** A binary min-heap of due times: the scheduler's one timer always waits for the top. */
export interface HeapEntry {
  due: number;
  id: number;
  /** Entries whose version no longer matches the monitor's are stale and skipped (lazy deletion). */
  version: number;
}

/** Min-heap ordered by `due`. */
export class DueHeap {
  private readonly items: HeapEntry[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): HeapEntry | undefined {
    return this.items[0];
  }

  push(e: HeapEntry): void {
    const a = this.items;
    a.push(e);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]!.due <= e.due) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = e;
  }

  pop(): HeapEntry | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (top === undefined || last === undefined || a.length === 0) return top;
    let i = 0;
    const n = a.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && a[r]!.due < a[l]!.due ? r : l;
      if (a[c]!.due >= last.due) break;
      a[i] = a[c]!;
      i = c;
    }
    a[i] = last;
    return top;
  }

  clear(): void {
    this.items.length = 0;
  }
}
