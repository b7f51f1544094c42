import { readFileSync } from 'node:fs';

/** This program's version (services/monitor/package.json), shown as the `local` location's. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
