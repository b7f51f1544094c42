import { startService } from '@app/kit';
import { readConfig } from './config.js';
import { createServer } from './server.js';

startService('metrics', async () => {
  const config = readConfig(process.env, process.argv.slice(2));
  const server = await createServer(config);
  await server.app.listen({ port: config.port, host: config.host });
  server.startWorker();
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  server.ctx.log.info({ role: config.role, port }, 'metrics started');
  return server;
});
