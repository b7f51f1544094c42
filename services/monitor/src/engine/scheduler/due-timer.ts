import { DueHeap, type HeapEntry } from './min-heap.js';

/**
 * Due times in a min-heap behind a single timer, always armed for the earliest entry: the cost
 * is one timer for any number of monitors, and O(log n) per scheduling.
 */
export class DueTimer {
  private readonly heap = new DueHeap();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private stopped = false;

  /** `onDue` receives every entry whose time has come, in due order. */
  constructor(private readonly onDue: (e: HeapEntry) => void) {}

  push(e: HeapEntry): void {
    this.heap.push(e);
    if (e.due < this.timerAt) this.arm();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.heap.clear();
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const top = this.heap.peek();
    if (!top || this.stopped) return;
    this.timerAt = top.due;
    this.timer = setTimeout(() => this.fire(), Math.max(0, top.due - Date.now()));
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    for (let top = this.heap.peek(); top && top.due <= now; top = this.heap.peek()) {
      this.heap.pop();
      this.onDue(top);
    }
    this.arm();
  }
}
