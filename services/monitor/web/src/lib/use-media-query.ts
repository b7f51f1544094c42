import { useSyncExternalStore } from 'react';

const lists = new Map<string, MediaQueryList>();

// One MediaQueryList per query: creating one on every render showed up in the dashboard's profile.
function listFor(query: string): MediaQueryList {
  let mq = lists.get(query);
  if (!mq) {
    mq = window.matchMedia(query);
    lists.set(query, mq);
  }
  return mq;
}

/** True while the media query matches. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (fn) => {
      const mq = listFor(query);
      mq.addEventListener('change', fn);
      return () => mq.removeEventListener('change', fn);
    },
    () => listFor(query).matches,
  );
}
