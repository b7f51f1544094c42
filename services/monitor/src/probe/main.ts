import { ConfigError, createLogger, StartupError } from '@app/kit';
import { limitHeapGrowth } from '../heap-growth.js';
import { startProbe } from './probe.js';
import { readProbeConfig } from './probe-config.js';

/*
 * `npm run start:probe`: the probe's entry point. A configuration problem prints one line and
 * exits 2; SIGINT/SIGTERM stop it cleanly within 10 s, after spooling its last results and sending
 * what it can (the rest is sent at the next start).
 */

const STOP_DEADLINE_MS = 10_000;
/** Sending what is left stops this long before the deadline, so the spool is closed in time. */
const SEND_BUDGET_MS = 6_000;

async function main(): Promise<void> {
  limitHeapGrowth();
  let config: ReturnType<typeof readProbeConfig>;
  try {
    config = readProbeConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`probe: cannot start: ${err.message}`);
    process.exit(2);
  }
  const log = createLogger({ name: 'probe', level: config.logLevel });
  let probe: Awaited<ReturnType<typeof startProbe>>;
  try {
    probe = await startProbe(config, log);
  } catch (err) {
    if (!(err instanceof StartupError)) throw err;
    console.error(`probe: cannot start: ${err.message}`);
    process.exit(2);
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`probe: stopping took over ${STOP_DEADLINE_MS / 1000} s; exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    probe
      .close(Date.now() + SEND_BUDGET_MS)
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error('probe: error while stopping:', err);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error('probe: cannot start:', err);
  process.exit(1);
});
