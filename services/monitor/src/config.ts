import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bool, ConfigError, type ConfigOf, int, loadConfig, oneOf, str, url } from '@app/kit';
import { isSafeIssuer, type OidcSettings, parseRoleMap } from './identity/auth/oidc/oidc-settings.js';

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
  /** How long a shard lease lasts unrenewed: the take-over time after an instance dies (renewed every third). */
  SCHEDULER_LEASE_SECONDS: int({ default: 30, min: 3, max: 600 }),
  /** The safety net under change notices: how often changes made through other instances are polled. */
  CHANGE_POLL_SECONDS: int({ default: 2, min: 1, max: 3600 }),
  /** The address visitors reach the service at, for links it writes (Atom feed); unset: the request's. */
  PUBLIC_URL: url({ protocols: ['http', 'https'] }),
  /** true: GET /metrics answers without credentials (for a Prometheus on a trusted network). */
  METRICS_PUBLIC: bool({ default: false }),
  /** Single sign-on (OpenID Connect): set OIDC_ISSUER to turn it on; see docs/configuration.md. */
  OIDC_ISSUER: url({ protocols: ['https', 'http'] }),
  OIDC_CLIENT_ID: str(),
  OIDC_CLIENT_SECRET: str(),
  OIDC_ROLE_CLAIM: str({ default: 'groups' }),
  /** `claim-value:role` pairs, comma separated: `monitor-admins:admin,ops:viewer`. */
  OIDC_ROLE_MAP: str(),
  OIDC_ALLOW_SIGNUP: bool({ default: true }),
  OIDC_DISPLAY_NAME: str({ default: 'single sign-on' }),
  OIDC_SCOPES: str({ default: 'openid profile email' }),
  /** disabled: only BREAK_GLASS_USERNAME may sign in with a password (everyone else uses OIDC). */
  PASSWORD_LOGIN: oneOf(['enabled', 'disabled'], { default: 'enabled' }),
  BREAK_GLASS_USERNAME: str(),
  /** How often open incidents are checked for a due escalation step (milliseconds). */
  ESCALATION_TICK_MS: int({ default: 15_000, min: 50, max: 600_000 }),
  /** How often check locations are looked at for one that stopped reporting (milliseconds). */
  LOCATION_WATCH_MS: int({ default: 5_000, min: 50, max: 600_000 }),
  /** Browser checks (issue 32, docs/browser-checks.md): at once per process; more wait in a queue. */
  BROWSER_CONCURRENCY: int({ default: 2, min: 1, max: 64 }),
  /** Debian's Chromium (default: defaultChromiumPath); a process without it reports browser checks unsupported. */
  CHROMIUM_PATH: str(),
  /** The browser is restarted between checks once it (with its renderers) grows past this. */
  BROWSER_MEMORY_CAP_MB: int({ default: 600, min: 100, max: 65536 }),
  /** Screenshots and traces of failed browser checks: kept this many days, each file at most this size. */
  BROWSER_EVIDENCE_RETENTION_DAYS: int({ default: 7, min: 1, max: 365 }),
  BROWSER_EVIDENCE_MAX_MB: int({ default: 10, min: 1, max: 1024 }),
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
  schedulerLeaseSeconds: number;
  changePollSeconds: number;
  publicUrl: string | undefined;
  metricsPublic: boolean;
  /** Single sign-on; null when OIDC_ISSUER is unset. */
  oidc: OidcSettings | null;
  /** false: password sign-in is refused for everyone but `breakGlassUsername`. */
  passwordLogin: boolean;
  breakGlassUsername: string | undefined;
  /** Period of the escalation tick (ESCALATION_TICK_MS). */
  escalationTickMs: number;
  /** Period of the offline watch of check locations (LOCATION_WATCH_MS). */
  locationWatchMs: number;
  /** Browser checks (BROWSER_*, CHROMIUM_PATH); evidence under DATA_DIR/browser-evidence. */
  browser: {
    concurrency: number;
    chromiumPath: string;
    memoryCapBytes: number;
    evidenceDir: string;
    evidenceRetentionDays: number;
    evidenceMaxBytes: number;
  };
}

/** Validates the environment once; a bad value throws a ConfigError naming the variable. */
export function readConfig(env: Record<string, string | undefined> = process.env): MonitorConfig {
  const c = loadConfig(configSchema, env);
  const publicUrl = c.PUBLIC_URL?.replace(/\/+$/, '');
  const oidc = oidcSettings(c, publicUrl);
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
    schedulerLeaseSeconds: c.SCHEDULER_LEASE_SECONDS,
    changePollSeconds: c.CHANGE_POLL_SECONDS,
    publicUrl,
    metricsPublic: c.METRICS_PUBLIC,
    oidc,
    passwordLogin: c.PASSWORD_LOGIN === 'enabled',
    breakGlassUsername: c.BREAK_GLASS_USERNAME,
    escalationTickMs: c.ESCALATION_TICK_MS,
    locationWatchMs: c.LOCATION_WATCH_MS,
    browser: {
      concurrency: c.BROWSER_CONCURRENCY,
      chromiumPath: c.CHROMIUM_PATH ?? defaultChromiumPath(),
      memoryCapBytes: c.BROWSER_MEMORY_CAP_MB * 1024 * 1024,
      evidenceDir: join(c.DATA_DIR, 'browser-evidence'),
      evidenceRetentionDays: c.BROWSER_EVIDENCE_RETENTION_DAYS,
      evidenceMaxBytes: c.BROWSER_EVIDENCE_MAX_MB * 1024 * 1024,
    },
  };
}

type Loaded = ConfigOf<typeof configSchema>;

/**
 * The OIDC settings, checked as a whole: a half-configured sign-on (or password sign-in switched
 * off with no other way in) stops the start with every problem named, instead of failing at the
 * first sign-in.
 */
function oidcSettings(c: Loaded, publicUrl: string | undefined): OidcSettings | null {
  const problems: string[] = [];
  const roleMap = c.OIDC_ROLE_MAP === undefined ? undefined : parseRoleMap(c.OIDC_ROLE_MAP);
  if (typeof roleMap === 'string') problems.push(`OIDC_ROLE_MAP ${roleMap}`);
  if (c.PASSWORD_LOGIN === 'disabled') {
    if (!c.OIDC_ISSUER) problems.push('PASSWORD_LOGIN=disabled needs single sign-on (OIDC_ISSUER)');
    if (!c.BREAK_GLASS_USERNAME)
      problems.push('PASSWORD_LOGIN=disabled needs BREAK_GLASS_USERNAME (a superadmin kept for emergencies)');
  }
  if (c.OIDC_ISSUER) {
    const need = {
      OIDC_CLIENT_ID: c.OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: c.OIDC_CLIENT_SECRET,
      PUBLIC_URL: publicUrl,
    };
    for (const [name, value] of Object.entries(need))
      if (!value) problems.push(`${name} is needed with OIDC_ISSUER`);
    if (roleMap === undefined) problems.push('OIDC_ROLE_MAP is needed with OIDC_ISSUER');
    if (!isSafeIssuer(c.OIDC_ISSUER))
      problems.push('OIDC_ISSUER must use https (plain http only on a loopback address)');
    if (!c.OIDC_SCOPES.split(/\s+/).includes('openid')) problems.push('OIDC_SCOPES must include openid');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  if (!c.OIDC_ISSUER || typeof roleMap !== 'object') return null;
  return {
    issuer: c.OIDC_ISSUER,
    clientId: c.OIDC_CLIENT_ID!,
    clientSecret: c.OIDC_CLIENT_SECRET!,
    roleClaim: c.OIDC_ROLE_CLAIM,
    roleMap,
    allowSignup: c.OIDC_ALLOW_SIGNUP,
    displayName: c.OIDC_DISPLAY_NAME,
    scopes: c.OIDC_SCOPES,
    redirectUri: `${publicUrl}/api/auth/oidc/callback`,
  };
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/**
 * The browser of browser checks when CHROMIUM_PATH is unset (issue 32): Debian's
 * `chromium-headless-shell` (Chromium's old headless mode, without the browser's UI layers: about
 * a quarter of the CPU per check and half the memory of the full `chromium`, see
 * docs/browser-checks.md), else Debian's `chromium`.
 */
export function defaultChromiumPath(): string {
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p)) ?? CHROMIUM_CANDIDATES.at(-1)!;
}
