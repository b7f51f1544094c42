import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EvidenceOptions {
  /** Where screenshots and traces are kept (DATA_DIR/browser-evidence); null: nothing is kept. */
  dir: string | null;
  /** A file larger than this is not kept (BROWSER_EVIDENCE_MAX_BYTES). */
  maxBytes: number;
  /** Files older than this are deleted (BROWSER_EVIDENCE_RETENTION_DAYS). */
  retentionDays: number;
}

/** Evidence file names: a UUID and the kind's extension, nothing a request could turn into a path. */
export const EVIDENCE_NAME = /^[0-9a-f-]{36}\.(png|zip)$/;

/**
 * The screenshots and Playwright traces of failed browser checks, as files named by a UUID (the
 * check result's details hold the names). Kept apart from the database: a trace is megabytes.
 */
export class EvidenceStore {
  private pruned = 0;
  constructor(readonly opts: EvidenceOptions) {}

  /** A fresh path for a file of `ext`, or null when evidence is not kept. */
  newPath(ext: 'png' | 'zip'): { name: string; path: string } | null {
    if (this.opts.dir === null) return null;
    mkdirSync(this.opts.dir, { recursive: true });
    const name = `${randomUUID()}.${ext}`;
    return { name, path: join(this.opts.dir, name) };
  }

  /** Keeps `bytes` as a new file; its name, or null (not kept, or over the size cap). */
  save(bytes: Buffer, ext: 'png' | 'zip'): string | null {
    if (bytes.length > this.opts.maxBytes) return null;
    const at = this.newPath(ext);
    if (!at) return null;
    writeFileSync(at.path, bytes);
    return at.name;
  }

  /** Drops a file written to `newPath` that turned out larger than the cap; true when it is kept. */
  capped(path: string): boolean {
    try {
      if (statSync(path).size <= this.opts.maxBytes) return true;
    } catch {
      return false;
    }
    rmSync(path, { force: true });
    return false;
  }

  /** The path of a kept file, or null for a name that is not one. */
  pathOf(name: string): string | null {
    return this.opts.dir !== null && EVIDENCE_NAME.test(name) ? join(this.opts.dir, name) : null;
  }

  /** Deletes files past the retention, at most once an hour. Returns how many went. */
  prune(now = Date.now()): number {
    if (this.opts.dir === null || now - this.pruned < 3_600_000) return 0;
    this.pruned = now;
    const limit = now - this.opts.retentionDays * 86_400_000;
    let removed = 0;
    let names: string[];
    try {
      names = readdirSync(this.opts.dir);
    } catch {
      return 0;
    }
    for (const name of names) {
      if (!EVIDENCE_NAME.test(name)) continue;
      const path = join(this.opts.dir, name);
      try {
        if (statSync(path).mtimeMs < limit) {
          rmSync(path, { force: true });
          removed++;
        }
      } catch {
        // gone meanwhile
      }
    }
    return removed;
  }
}
