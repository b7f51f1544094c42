import type { Kysely } from 'kysely';
import { settingsRepo } from '../../store/repos/settings-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { decryptSecret } from '../crypto/secret-box.js';
import { SECRET_SETTINGS, SETTINGS_DEFAULTS, type Settings } from './settings-schema.js';

/** How long another instance's change may take to be seen here. */
const DEFAULT_TTL_MS = 30_000;

/**
 * The settings with their secrets decrypted, cached: alerts and jobs read them often, they
 * change rarely. A PUT on this instance invalidates at once; other instances see it within the TTL.
 */
export class SettingsStore {
  private cached: { at: number; value: Settings } | null = null;
  private loading: Promise<Settings> | null = null;

  constructor(
    private readonly db: Kysely<MonitorDB>,
    private readonly key: Buffer,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  /** The current settings (defaults for keys never set). */
  async get(): Promise<Settings> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.value;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Forgets the cached copy; the next get() reads the database. */
  invalidate(): void {
    this.cached = null;
  }

  private async load(): Promise<Settings> {
    const value: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
    for (const row of await settingsRepo.all(this.db)) {
      if (!(row.key in SETTINGS_DEFAULTS)) continue;
      const v = JSON.parse(row.value) as unknown;
      value[row.key] =
        SECRET_SETTINGS.has(row.key as keyof Settings) && typeof v === 'string'
          ? decryptSecret(this.key, v)
          : v;
    }
    const settings = value as Settings;
    this.cached = { at: Date.now(), value: settings };
    return settings;
  }
}

/** The typed settings of this instance (cached). */
export function getSettings(ctx: { settings: SettingsStore }): Promise<Settings> {
  return ctx.settings.get();
}
