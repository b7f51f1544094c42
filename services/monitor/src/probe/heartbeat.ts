import type { Logger } from '@app/kit';
import type { ProbeHeartbeat } from '../shared-types/probe-protocol.js';
import type { CentralClient } from './central-client.js';

/**
 * Tells the central instance every `heartbeat_seconds` (the location's setting, learned from each
 * assignments read and heartbeat answer) that this probe is alive, with its version and spool
 * figures. A failed heartbeat is logged once per outage; the next comes on time regardless.
 */
export class Heartbeat {
  private timer: NodeJS.Timeout | null = null;
  private seconds = 0;
  private failing = false;
  private inFlight: Promise<void> | null = null;
  private readonly halt = new AbortController();

  constructor(
    private readonly central: CentralClient,
    private readonly figures: () => Omit<ProbeHeartbeat, 'sent_at'>,
    private readonly log: Logger,
  ) {}

  /** Sets the period (the first call starts the beat with one heartbeat at once). */
  every(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds === this.seconds) return;
    const first = this.seconds === 0;
    this.seconds = seconds;
    if (this.timer) clearInterval(this.timer);
    this.timer = setInterval(() => this.beat(), seconds * 1000);
    if (first) this.beat();
  }

  /** Stops the beat; a heartbeat under way is abandoned (the central instance may still get it). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.halt.abort();
  }

  private beat(): void {
    if (this.inFlight || this.halt.signal.aborted) return;
    this.inFlight = this.central
      .heartbeat({ ...this.figures(), sent_at: Date.now() }, this.halt.signal)
      .then((answer) => {
        if (this.failing) this.log.info('probe: heartbeats answered again');
        this.failing = false;
        this.every(answer.heartbeat_seconds);
      })
      .catch((err: unknown) => {
        if (this.halt.signal.aborted) return;
        if (!this.failing) {
          this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'probe: heartbeat failed');
        }
        this.failing = true;
      })
      .finally(() => {
        this.inFlight = null;
      });
  }
}
