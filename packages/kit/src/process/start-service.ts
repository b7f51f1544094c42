import { ConfigError } from '../config/load-config.js';
import { StartupError } from '../db/data-dir.js';

/**
 * Runs a service's start function as a process entry point: problems an operator can fix
 * (configuration, storage) print one line and exit 1, anything else prints its stack; SIGINT and
 * SIGTERM close the service gracefully once.
 */
export function startService(name: string, start: () => Promise<{ close(): Promise<void> }>): void {
  start()
    .then((service) => {
      let stopping = false;
      const stop = async () => {
        if (stopping) return;
        stopping = true;
        await service.close();
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
