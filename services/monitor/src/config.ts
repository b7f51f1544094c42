import { join } from 'node:path';
import { bool, int, loadConfig, oneOf, str, url } from '@app/kit';

/** The only place that reads process.env: everything else receives this object. */
export const configSchema = {
  PORT: int({ default: 3000, min: 0, max: 65535 }),
  HOST: str({ default: '0.0.0.0' }),
  DATA_DIR: str({ default: './data' }),
  DATABASE_URL: url({ protocols: ['postgres', 'postgresql'] }),
  SECRET_KEY: str(),
  ADMIN_USERNAME: str(),
  ADMIN_PASSWORD: str(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  /** Failed logins per IP and user within the window before 429. */
  LOGIN_MAX_FAILURES: int({ default: 10, min: 1, max: 1000 }),
  LOGIN_WINDOW_SECONDS: int({ default: 900, min: 1, max: 86400 }),
  /** Checks in flight at most; they mostly wait on the network. */
  CHECK_CONCURRENCY: int({ default: 500, min: 1, max: 10000 }),
  /** The address visitors reach the service at, for links it writes (Atom feed); unset: the request's. */
  PUBLIC_URL: url({ protocols: ['http', 'https'] }),
  /** true: GET /metrics answers without credentials (for a Prometheus on a trusted network). */
  METRICS_PUBLIC: bool({ default: false }),
};

export interface MonitorConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sqliteFile: string;
  secretKey: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  checkConcurrency: number;
  publicUrl: string | undefined;
  metricsPublic: boolean;
}

/** Validates the environment once; a bad value throws a ConfigError naming the variable. */
export function readConfig(env: Record<string, string | undefined> = process.env): MonitorConfig {
  const c = loadConfig(configSchema, env);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    sqliteFile: join(c.DATA_DIR, 'monitor.db'),
    secretKey: c.SECRET_KEY,
    adminUsername: c.ADMIN_USERNAME,
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    loginMaxFailures: c.LOGIN_MAX_FAILURES,
    loginWindowSeconds: c.LOGIN_WINDOW_SECONDS,
    checkConcurrency: c.CHECK_CONCURRENCY,
    publicUrl: c.PUBLIC_URL?.replace(/\/+$/, ''),
    metricsPublic: c.METRICS_PUBLIC,
  };
}
