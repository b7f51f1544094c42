import { ConfigError, StartupError } from '@app/kit';
import { readConfig } from './config.js';
import { createServer } from './server.js';

// Start-up problems an operator can fix are printed as one line and exit 1; anything else is a bug.
async function main() {
  const config = readConfig();
  const server = await createServer(config);
  await server.app.listen({ port: config.port, host: config.host });
  server.startWorker();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof StartupError) {
    console.error(`metrics: cannot start: ${e.message}`);
  } else {
    console.error('metrics: cannot start:', e);
  }
  process.exit(1);
});
