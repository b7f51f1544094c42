import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { pylintFileCacheRepo } from '../../store/repos/pylint-file-cache-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import type { BanditOutcome, SecurityFinding } from '../bandit/run-bandit.js';
import type { TreeEntry } from './git-tree.js';

/** One file's bandit result: its findings, or why bandit could not check it. */
type FileResult = { findings: SecurityFinding[] } | { skipped: string };

/**
 * bandit's result per file, in the per-file lint cache (`pylint_file_cache`, its keys prefixed so no
 * pylint key can equal one). bandit checks each file on its own (its tests read one module's syntax
 * tree; `# nosec` is in the file), so a key is the file's path and content (blob id), bandit's version
 * and command, and the repository's `.bandit` file should bandit ever read it.
 */
export function banditFileKeys(
  version: string,
  command: string,
  files: readonly string[],
  tree: ReadonlyMap<string, TreeEntry>,
): Map<string, string> {
  const head = `bandit-file\0${version}\0${command}\0${tree.get('.bandit')?.oid ?? ''}\0`;
  const keys = new Map<string, string>();
  for (const f of files) {
    const oid = tree.get(f)?.oid;
    if (oid) keys.set(f, createHash('sha256').update(`${head}${f}\0${oid}`).digest('hex'));
  }
  return keys;
}

/** The cached results of `keys` (path → key), by path. */
export async function readBanditFiles(
  db: Kysely<MetricsDB>,
  keys: ReadonlyMap<string, string>,
): Promise<Map<string, FileResult>> {
  const found = await pylintFileCacheRepo.get(db, [...keys.values()], Date.now());
  const out = new Map<string, FileResult>();
  for (const [path, key] of keys) {
    const payload = found.get(key);
    if (payload) out.set(path, JSON.parse(gunzipSync(payload).toString('utf8')));
  }
  return out;
}

/** Stores the results bandit gave for `checked` under their keys. */
export async function writeBanditFiles(
  db: Kysely<MetricsDB>,
  keys: ReadonlyMap<string, string>,
  checked: readonly string[],
  fresh: BanditOutcome,
): Promise<void> {
  const skipped = new Map(fresh.skipped.map((s) => [s.path, s.reason]));
  const rows: [string, Buffer][] = [];
  for (const f of checked) {
    const key = keys.get(f);
    const findings = fresh.findings.get(f);
    const reason = skipped.get(f);
    const r: FileResult | null = reason !== undefined ? { skipped: reason } : findings ? { findings } : null;
    if (key && r) rows.push([key, gzipSync(JSON.stringify(r))]);
  }
  if (rows.length > 0) await pylintFileCacheRepo.put(db, rows, Date.now());
}

/** The whole outcome of `files` in their order: cached results where known, bandit's for the rest. */
export function mergeBandit(
  files: readonly string[],
  known: ReadonlyMap<string, FileResult>,
  fresh: BanditOutcome,
): BanditOutcome {
  const freshSkipped = new Map(fresh.skipped.map((s) => [s.path, s.reason]));
  const out: BanditOutcome = { findings: new Map(), skipped: [] };
  for (const f of files) {
    const k = known.get(f);
    const reason = k && 'skipped' in k ? k.skipped : freshSkipped.get(f);
    if (reason !== undefined) out.skipped.push({ path: f, reason });
    else {
      const findings = k && 'findings' in k ? k.findings : fresh.findings.get(f);
      if (findings) out.findings.set(f, findings);
    }
  }
  return out;
}
