import type { CheckType } from './check-type.js';
import { downOutcome } from './outcome.js';

/**
 * The heartbeat monitor type, as registry.ts lists it: pushed, never checked. runCheck answers for
 * it before any deadline starts; `run` says the same should it be called directly.
 */
export const heartbeatCheck: CheckType = {
  run: async () =>
    downOutcome('heartbeat monitors are push-based: they are judged by missed pings, not checked'),
  validate: (_target, url, add) => {
    if (url !== '') add('url', 'heartbeat monitors have no url: they are pinged at /api/heartbeat/{token}');
  },
};
