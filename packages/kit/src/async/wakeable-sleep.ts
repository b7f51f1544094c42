/**
 * A pause that can be cut short: a loop that backs off or polls sleeps through it, and a stop or new
 * work wakes it at once instead of waiting out the delay. One sleep at a time; waking with nobody
 * asleep does nothing.
 */
export class WakeableSleep {
  private wakeUp: (() => void) | null = null;

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        if (this.wakeUp === done) this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  wake(): void {
    this.wakeUp?.();
  }
}
