/**
 * A check's time budget: one signal that fires when the monitor's timeout passes or the caller aborts.
 * Hand-rolled rather than AbortSignal.any + AbortSignal.timeout so nothing outlives the check: at
 * hundreds of checks a second, lingering timers and listeners on a long-lived parent signal add up.
 */
export interface Deadline {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** True when the budget ran out (as opposed to the caller aborting). */
  timedOut(): boolean;
  /** The message for a check stopped by this deadline. */
  reason(): string;
  /** Clears the timer and the parent listener; call once the check is over. */
  dispose(): void;
}

/** Starts a deadline of `timeoutMs`, also tripped by `parent`. */
export function startDeadline(timeoutMs: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new Error(`timeout after ${timeoutMs} ms`));
  }, timeoutMs);
  const onParentAbort = (): void => controller.abort(new Error('check aborted'));
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    timeoutMs,
    timedOut: () => expired,
    reason: () => (expired ? `timeout after ${timeoutMs} ms` : 'check aborted'),
    dispose: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}

/** Resolves or rejects with `promise`, or rejects as soon as `signal` aborts (the work itself is not stopped). */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
