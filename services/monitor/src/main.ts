import { startService } from '@app/kit';
import { readConfig } from './config.js';
import { limitHeapGrowth } from './heap-growth.js';
import { createServer } from './server.js';

limitHeapGrowth();

startService('monitor', async () => {
  const config = readConfig();
  const server = await createServer(config);
  await server.app.listen({ port: config.port, host: config.host });
  return server;
});
