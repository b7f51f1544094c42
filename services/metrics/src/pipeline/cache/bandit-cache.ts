import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { cacheRepo } from '../../store/repos/cache-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import type { BanditOutcome, SecurityFinding } from '../bandit/run-bandit.js';

/**
 * bandit's results per tree, kept in the per-tree tool cache (the `pylint_cache` table, pruned with
 * it): its version column holds `bandit|<bandit --version>`, which no pylint version can equal, and the
 * options hash covers the command and the exact file list.
 */
export interface BanditKey {
  tree: string;
  version: string;
  options: string;
}

export function banditKey(tree: string, version: string, command: string, files: string[]): BanditKey {
  const h = createHash('sha256').update(`bandit\0${command}\0`);
  for (const f of [...files].sort()) h.update(f).update('\0');
  return { tree, version: `bandit|${version}`, options: h.digest('hex') };
}

export async function readBanditCache(db: Kysely<MetricsDB>, key: BanditKey): Promise<BanditOutcome | null> {
  const payload = await cacheRepo.getPylint(db, key.tree, key.version, key.options, Date.now());
  if (!payload) return null;
  const data = JSON.parse(gunzipSync(payload).toString('utf8')) as {
    findings: [string, SecurityFinding[]][];
    skipped: BanditOutcome['skipped'];
  };
  return { findings: new Map(data.findings), skipped: data.skipped };
}

export async function writeBanditCache(
  db: Kysely<MetricsDB>,
  key: BanditKey,
  o: BanditOutcome,
): Promise<void> {
  const payload = gzipSync(JSON.stringify({ findings: [...o.findings], skipped: o.skipped }));
  await cacheRepo.putPylint(db, key, payload, Date.now());
}
