import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { readsCertificate } from '../../engine/monitors/certificate-days.js';
import { DAY_MS } from '../../engine/rollups/rollup-job.js';
import { uptimeOver } from '../../engine/rollups/uptime.js';
import { badgesRepo } from '../../store/repos/badges-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import {
  type BadgeKind,
  type BadgeWindow,
  certificateFace,
  responseTimeFace,
  statusFace,
  uptimeFace,
} from './badge-faces.js';
import { type BadgeFace, renderBadge } from './badge-render.js';

const WINDOW_MS: Record<BadgeWindow, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
};
// A README shown to many visitors asks for the same uptime over and over: answer it from memory
// for a few seconds (proxies cache the SVG for a minute on top).
const UPTIME_CACHE_MS = 10_000;
const UPTIME_CACHE_MAX = 20_000;
// Monitor ids are positive integers; anything else is looked up as this id, which never exists,
// so that a malformed id takes the same path as a hidden one.
const NO_ID = 0;

export interface Badge {
  svg: string;
  etag: string;
}

/** Parses the id segment of a badge URL; a malformed one becomes NO_ID. */
export function badgeId(text: string): number {
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : NO_ID;
}

/** Builds the public SVG badges of monitors that may be shown (see badgesRepo.exposable). */
export class BadgeService {
  private readonly uptime = new Map<string, { at: number; percent: number | null }>();

  constructor(private readonly db: Kysely<MonitorDB>) {}

  /** The badge, or null when there is none to show for this id (missing, hidden or malformed alike). */
  async badge(
    idText: string,
    kind: BadgeKind,
    opts: { window?: BadgeWindow; label?: string | undefined },
  ): Promise<Badge | null> {
    const row = await badgesRepo.exposable(this.db, badgeId(idText));
    if (!row) return null;
    const label = opts.label;
    let face: BadgeFace;
    switch (kind) {
      case 'status':
        face = statusFace(row.current_status, label);
        break;
      case 'uptime': {
        const window = opts.window ?? '24h';
        face = uptimeFace(await this.uptimePercent(row.id, window), window, label);
        break;
      }
      case 'response-time':
        face = responseTimeFace(row.last_response_time_ms, label);
        break;
      case 'certificate':
        face = certificateFace(row.last_tls_days_left, readsCertificate(row), row.tls_warn_days, label);
        break;
    }
    const svg = renderBadge(face);
    return { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"` };
  }

  private async uptimePercent(id: number, window: BadgeWindow): Promise<number | null> {
    const key = `${id}:${window}`;
    const now = Date.now();
    const hit = this.uptime.get(key);
    if (hit && now - hit.at < UPTIME_CACHE_MS) return hit.percent;
    const figures = await uptimeOver(this.db, id, WINDOW_MS[window], now);
    if (this.uptime.size >= UPTIME_CACHE_MAX) this.uptime.clear();
    this.uptime.set(key, { at: now, percent: figures.uptime_percent });
    return figures.uptime_percent;
  }
}
