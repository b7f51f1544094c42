import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { rateLimited, takeSlot } from '../../platform/throttle/throttle.js';
import type { MonitorDB } from '../../store/schema.js';
import { type CheckOutcome, type CheckTarget, runCheck } from '../checks/index.js';
import { type MonitorInput, withDefaults } from './monitor-input.js';
import { withSecrets } from './monitor-secrets.js';
import { ensureValid, getMonitor, secured, storedSecrets } from './monitors-service.js';

/**
 * Test checks per user per minute. Each one opens connections to wherever the body says, so a
 * form (or a script) must not turn the service into a scanner; a person pressing "Test" stays far below.
 */
export const TEST_CHECK_BUDGET = { perUser: 30, windowSeconds: 60 };

/** The body of a test: a monitor as create takes it (the name may be left out), plus the monitor it edits. */
export type TestCheckInput = Partial<MonitorInput> & { monitor_id?: number };

/**
 * What a test check uses (AppContext satisfies it): the database and key to open a stored
 * monitor's credentials, and whatever the shared throttle takes.
 */
export type TestCheckDeps = Parameters<typeof takeSlot>[0] & {
  db: Kysely<MonitorDB>;
  keys: { encryption: Buffer };
};

/**
 * Runs one check of an unsaved monitor configuration and returns what it found; stores nothing.
 * Validation is create's (422 naming the fields). Masks in the body stand for the credentials of
 * `monitor_id` under the same-origin rule of PUT, so editing a monitor can be tested without
 * retyping its secrets, and a mask cannot carry them to another host.
 */
export async function testCheck(
  ctx: TestCheckDeps,
  req: FastifyRequest,
  input: TestCheckInput,
): Promise<CheckOutcome> {
  const { monitor_id, ...fields } = input;
  // The name is not checked by anything but the schema; a placeholder keeps create's rules whole.
  const c = withDefaults({ ...fields, name: fields.name ?? 'test' });
  if (c.monitor_type === 'heartbeat') {
    throw errors.validation_failed('A heartbeat monitor is pinged, not checked: there is nothing to test.', {
      errors: [{ path: 'monitor_type', message: 'heartbeat monitors are pinged, not checked' }],
    });
  }
  ensureValid(c);
  const stored =
    monitor_id === undefined ? null : storedSecrets(ctx.keys.encryption, await getMonitor(ctx, monitor_id));
  const s = secured(c, stored);

  const principal = req.principal!;
  const slot = await takeSlot(
    ctx,
    `monitor-test:user:${principal.userId}`,
    TEST_CHECK_BUDGET.perUser,
    TEST_CHECK_BUDGET.windowSeconds,
  );
  if (slot.retryAfter > 0) throw rateLimited('Too many test checks', slot.retryAfter);

  // The checker's view, as the engine builds it: the URL without its password, credentials in `auth`.
  const target: CheckTarget = { ...s.config, ...withSecrets(s.config, s.secrets) };
  // A client that gives up ends the check too, so a long timeout cannot pile up open connections.
  const gaveUp = new AbortController();
  const onClose = () => gaveUp.abort(new Error('the client went away'));
  req.raw.socket?.once('close', onClose);
  try {
    return await runCheck(target, gaveUp.signal);
  } finally {
    req.raw.socket?.off('close', onClose);
  }
}
