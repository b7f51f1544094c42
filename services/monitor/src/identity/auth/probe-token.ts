import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { PROBE_TOKEN_PREFIX } from '../../shared-types/probe-protocol.js';
import { type LocationRow, locationsRepo } from '../../store/repos/locations-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { randomToken, sameDigest, sha256 } from './secrets.js';

/** Characters of the secret kept in clear after the prefix, for the indexed lookup. */
const LOOKUP_CHARS = 8;

/** True for a credential that claims to be a probe token (tested before API keys: both start `mon_`). */
export function isProbeToken(raw: string): boolean {
  return raw.startsWith(PROBE_TOKEN_PREFIX);
}

/** A new probe token: `mon_probe_` + 32 random bytes, with its lookup prefix and hash. */
export function newProbeToken(): { raw: string; prefix: string; hash: string } {
  return probeTokenOf(PROBE_TOKEN_PREFIX + randomToken());
}

/** A probe token chosen elsewhere (a config file's variable): at least 32 characters of secret. */
export const PROBE_TOKEN_FORM = new RegExp(`^${PROBE_TOKEN_PREFIX}[A-Za-z0-9_-]{32,200}$`);

/** The stored parts (lookup prefix, hash) of a probe token. */
export function probeTokenOf(raw: string): { raw: string; prefix: string; hash: string } {
  return { raw, prefix: probeLookupPrefix(raw), hash: sha256(raw) };
}

function probeLookupPrefix(raw: string): string {
  return raw.slice(0, PROBE_TOKEN_PREFIX.length + LOOKUP_CHARS);
}

/**
 * The location a probe token belongs to, or a 401. A rotated token no longer matches the stored
 * hash, and a deleted location has no row: both stop working at once, on every instance.
 */
export async function resolveProbeLocation(
  deps: { db: Kysely<MonitorDB> },
  raw: string,
): Promise<LocationRow> {
  const hash = sha256(raw);
  const candidates = await locationsRepo.byTokenPrefix(deps.db, probeLookupPrefix(raw));
  const row = candidates.find((l) => l.token_hash !== null && sameDigest(l.token_hash, hash));
  if (!row) throw errors.invalid_token('The probe token is not valid or has been rotated.');
  return row;
}
