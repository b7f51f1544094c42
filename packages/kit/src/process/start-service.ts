import { ConfigError } from '../config/load-config.js';
import { StartupError } from '../db/data-dir.js';

/** A graceful stop that takes longer than this is cut short: orchestrators kill at about 10 s anyway. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Runs a service's start function as a process entry point: problems an operator can fix
 * (configuration, storage) print one line and exit 1, anything else prints its stack; SIGINT and
 * SIGTERM close the service gracefully once, within SHUTDOWN_DEADLINE_MS (exit 1 when cut short).
 */
export function startService(name: string, start: () => Promise<{ close(): Promise<void> }>): void {
  start()
    .then((service) => {
      let stopping = false;
      const stop = async () => {
        if (stopping) return;
        stopping = true;
        setTimeout(() => {
          console.error(`${name}: graceful stop took over ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
          process.exit(1);
        }, SHUTDOWN_DEADLINE_MS).unref();
        try {
          await service.close();
        } catch (e) {
          console.error(`${name}: error while stopping:`, e);
          process.exit(1);
        }
        process.exit(0);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((e: unknown) => {
      if (e instanceof ConfigError || e instanceof StartupError)
        console.error(`${name}: cannot start: ${e.message}`);
      else console.error(`${name}: cannot start:`, e);
      process.exit(1);
    });
}
