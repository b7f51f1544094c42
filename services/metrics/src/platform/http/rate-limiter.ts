// A token bucket per key (a client's IP address), in this process's memory. Several instances on one
// database each keep their own buckets, so N instances admit up to N times the rate: a shared counter
// would cost a database write per request, which is more than this limit is worth (it stops runaway
// scripts, not a distributed attack; put a proxy limit in front for that).

/** The verdict on one request: allowed, or refused with the whole seconds until a token is back. */
export type RateVerdict = { ok: true } | { ok: false; retryAfterS: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** Past this many keys, buckets that have refilled completely are dropped (they equal a new bucket). */
const SWEEP_AT = 10_000;

/** Allows `perMinute` requests per key per minute, in bursts of up to `perMinute`. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes a token for `key` if one is left. */
  take(key: string): RateVerdict {
    const t = this.now();
    const b = this.refill(this.buckets.get(key), t);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      this.buckets.set(key, b);
      if (this.buckets.size > SWEEP_AT) this.sweep(t);
      return { ok: true };
    }
    this.buckets.set(key, b);
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - b.tokens) / this.perMs / 1000)) };
  }

  /** Whether `key` has a token left, without taking it. */
  allows(key: string): RateVerdict {
    const b = this.refill(this.buckets.get(key), this.now());
    if (b.tokens >= 1) return { ok: true };
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - b.tokens) / this.perMs / 1000)) };
  }

  /** Gives back a token taken for a request that in the end cost nothing. */
  refund(key: string): void {
    const b = this.buckets.get(key);
    if (b) b.tokens = Math.min(this.perMinute, b.tokens + 1);
  }

  private refill(b: Bucket | undefined, t: number): Bucket {
    if (!b) return { tokens: this.perMinute, at: t };
    return { tokens: Math.min(this.perMinute, b.tokens + (t - b.at) * this.perMs), at: t };
  }

  private sweep(t: number): void {
    for (const [k, b] of this.buckets) {
      if (this.refill(b, t).tokens >= this.perMinute) this.buckets.delete(k);
    }
  }
}
