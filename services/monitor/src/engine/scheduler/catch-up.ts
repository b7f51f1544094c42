/**
 * Releases the overdue monitors of a start or take-over at their spread offsets, measured on a
 * clock that does not count stalls of this process. The start-up work that follows the engine's
 * start (building routes, compiling schemas, the first database passes) can block the event loop
 * for seconds on a busy machine; on the wall clock every offset inside that block would come due at
 * once and fire as one burst, and each monitor's next check (one interval after its due time) would
 * follow close behind. Here a tick that comes late adds at most `maxStepMs`, so a stall delays the
 * rest of the spread instead of collapsing it; ordinary timer jitter (below `maxStepMs`) counts in
 * full, so on a healthy process the spread ends one interval after it began.
 */
export class CatchUp {
  /** Waiting monitors, ordered by the catch-up time at which they are released. */
  private pending: { at: number; id: number; version: number }[] = [];
  private clock = 0;
  private last = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly release: (id: number, version: number) => void,
    private readonly tickMs = 50,
    private readonly maxStepMs = 250,
  ) {}

  /** Adds monitors due `offset` ms from now (on the catch-up clock); the first tick runs at once. */
  add(items: { id: number; version: number; offset: number }[]): void {
    if (items.length === 0) return;
    if (!this.timer) {
      this.clock = 0;
      this.last = Date.now();
    }
    for (const m of items) this.pending.push({ at: this.clock + m.offset, id: m.id, version: m.version });
    this.pending.sort((a, b) => a.at - b.at);
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.tickMs);
    }
    this.tick();
  }

  get size(): number {
    return this.pending.length;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.pending = [];
  }

  private tick(): void {
    const now = Date.now();
    this.clock += Math.min(now - this.last, this.maxStepMs);
    this.last = now;
    let n = 0;
    while (n < this.pending.length && this.pending[n]!.at <= this.clock) n++;
    // Released in order; the engine skips entries whose monitor was rescheduled or dropped meanwhile.
    for (const m of this.pending.splice(0, n)) this.release(m.id, m.version);
    if (this.pending.length === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
