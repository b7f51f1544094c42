import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { connectivity } from './connectivity.js';

let manualRetries = 0;

/** A failed page import is tried again after this changes: Retry pressed, or the server came back. */
const generation = () => `${connectivity().epoch}:${manualRetries}`;

/** Called by Retry: the next render of a page whose chunk failed to load imports it afresh. */
export function retryFailedPages(): void {
  manualRetries++;
}

/**
 * React.lazy, but retryable: React keeps a failed import for good (the error boundary would show it
 * forever), so once the failure is older than the last retry or reconnect, a fresh import starts.
 * It is not replaced at once: that would suspend again and the boundary would never see the error.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let failedAt: string | null = null;
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (e) {
        failedAt = generation();
        throw e;
      }
    });
  let current = make();
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level, like React.lazy
  return function LazyPage(props: P) {
    if (failedAt !== null && failedAt !== generation()) {
      failedAt = null;
      current = make();
    }
    const Page = current;
    return <Page {...props} />;
  };
}
