import { pino } from 'pino';

export type Logger = pino.Logger;

/** The structured JSON logger both services use (one line per event, to stdout). */
export function createLogger(opts: { name: string; level?: string }): Logger {
  return pino({ name: opts.name, level: opts.level ?? 'info', redact: ['req.headers.authorization'] });
}
