import { startService } from '@app/kit';
import { readConfig } from './config.js';
import { createServer } from './server.js';

startService('metrics', async () => {
  const config = readConfig();
  const server = await createServer(config);
  await server.app.listen({ port: config.port, host: config.host });
  server.startWorker();
  return server;
});
