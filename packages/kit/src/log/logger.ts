import { pino } from 'pino';
import { type RedactOptions, secretScrubber } from './redact.js';

export type Logger = pino.Logger;

/**
 * The structured JSON logger both services use (one line per event, to stdout). Every line passes
 * through the secret scrubber just before it is written, so request URLs, error messages and
 * whatever a caller logs lose their credentials in one place (see docs/operations.md).
 */
export function createLogger(opts: { name: string; level?: string } & RedactOptions): Logger {
  const scrub = secretScrubber(opts);
  return pino({
    name: opts.name,
    level: opts.level ?? 'info',
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    hooks: { streamWrite: scrub },
  });
}
