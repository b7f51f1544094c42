import { createLogger, ensureWritableDir, openDatabase } from '@app/kit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadSecretKeys } from './auth/secret-key.js';
import type { MonitorConfig } from './config.js';
import type { AppContext } from './context.js';
import { migrations } from './store/migrations/index.js';
import type { MonitorDB } from './store/schema.js';
import { ensureFirstAdmin } from './users/first-admin.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Opens storage, migrates, seeds the first admin and builds the app: everything but listening. */
export async function createServer(config: MonitorConfig): Promise<RunningServer> {
  const log = createLogger({ name: 'monitor', level: config.logLevel });
  ensureWritableDir(config.dataDir);
  const database = await openDatabase<MonitorDB>({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    migrations,
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log,
    keys: loadSecretKeys(config.secretKey, config.dataDir, log),
  };
  await ensureFirstAdmin(ctx);
  const app = await buildApp(ctx);
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
