import type { BadgeFace } from './badge-render.js';

export const BADGE_KINDS = ['status', 'uptime', 'response-time', 'certificate'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export const BADGE_WINDOWS = ['24h', '7d', '30d', '90d'] as const;
export type BadgeWindow = (typeof BADGE_WINDOWS)[number];

/** A monitor's states as the status badge colours them. */
export function statusFace(status: string, label = 'status'): BadgeFace {
  const colour =
    status === 'up'
      ? 'green'
      : status === 'down'
        ? 'red'
        : status === 'degraded'
          ? 'orange'
          : status === 'maintenance'
            ? 'blue'
            : 'grey';
  return { label, message: status, colour };
}

/**
 * Uptime thresholds (documented in docs/badges.md): at least 99.9 % green, 99 % yellow-green,
 * 97 % yellow, 95 % orange, below that red; no checks in the window reads "no data".
 */
export function uptimeFace(
  percent: number | null,
  window: BadgeWindow,
  label = `uptime ${window}`,
): BadgeFace {
  if (percent === null) return { label, message: 'no data', colour: 'grey' };
  // Two decimals at most, and never rounded up to a perfect 100 % that was not.
  const shown = Math.floor(percent * 100) / 100;
  const message = `${shown.toFixed(2).replace(/\.?0+$/, '')}%`;
  const colour =
    percent >= 99.9
      ? 'green'
      : percent >= 99
        ? 'yellowgreen'
        : percent >= 97
          ? 'yellow'
          : percent >= 95
            ? 'orange'
            : 'red';
  return { label, message, colour };
}

/** The latest check's response time: under 500 ms green, under 1.5 s yellow, slower orange. */
export function responseTimeFace(ms: number | null, label = 'response time'): BadgeFace {
  if (ms === null) return { label, message: 'n/a', colour: 'grey' };
  const colour = ms < 500 ? 'green' : ms < 1500 ? 'yellow' : 'orange';
  return { label, message: `${Math.round(ms)} ms`, colour };
}

/**
 * Days left on the certificate: red once expired, orange at or below the monitor's warning
 * threshold, green above it. A monitor that reads no certificate shows a grey "n/a" rather than a
 * 404, which would read as "no such badge"; one not checked yet shows "unknown".
 */
export function certificateFace(
  days: number | null,
  reads: boolean,
  warnDays: number,
  label = 'certificate',
): BadgeFace {
  if (!reads) return { label, message: 'n/a', colour: 'grey' };
  if (days === null) return { label, message: 'unknown', colour: 'grey' };
  if (days < 0) return { label, message: 'expired', colour: 'red' };
  const message = days === 1 ? '1 day' : `${days} days`;
  return { label, message, colour: days <= warnDays ? 'orange' : 'green' };
}
