import type { AppMigration } from '@app/kit';
import { identity } from './001-identity.js';

/** Applied in name order at every start; never edit a released migration, add a new one. */
export const migrations: Record<string, AppMigration> = {
  '001-identity': identity,
};
