import type { LogCommit } from './log-parser.js';

/** Git-history metrics of one file, as the contract defines them. */
export interface FileHistory {
  /** Whole days from the author date of the file's first commit to that of the analysed commit. */
  age_days: number;
  /** Commits (merges excluded) that touched the file under any of its names. */
  revisions: number;
  /** Distinct author e-mails, compared case-insensitively. */
  authors: number;
  avg_loc_added: number;
  avg_loc_deleted: number;
}

interface Acc {
  revisions: number;
  added: number;
  deleted: number;
  emails: Set<string>;
  firstTime: number;
}

/**
 * Folds commits, newest first (children before parents), into per-file totals keyed by the path at the
 * analysed commit. Walking backwards, a rename `old → new` moves the name being followed from `new` to
 * `old`; a commit that created the followed path ends its history, so an older, deleted file that
 * happened to have the same name is not counted.
 */
export class HistoryTracker {
  private readonly alias = new Map<string, string>();
  private readonly acc = new Map<string, Acc>();

  /** `paths`: the files at the analysed commit whose history is wanted. */
  constructor(paths: Iterable<string>) {
    for (const p of paths) this.alias.set(p, p);
  }

  /** Applies one commit; commits must arrive children before parents. */
  apply(c: LogCommit): void {
    const email = c.email.toLowerCase();
    let renames = false;
    for (const ch of c.changes) {
      if (ch.oldPath !== undefined) {
        renames = true;
        continue;
      }
      const target = this.alias.get(ch.path);
      if (target === undefined) continue;
      this.record(target, email, c.time, ch.added, ch.deleted);
      if (c.created.length > 0 && c.created.includes(ch.path)) this.alias.delete(ch.path);
    }
    if (!renames) return;
    // Second pass, so a path created in the same commit as a rename away from it is handled right.
    const moves: [string, string][] = [];
    for (const ch of c.changes) {
      if (ch.oldPath === undefined) continue;
      const target = this.alias.get(ch.path);
      if (target === undefined) continue;
      this.record(target, email, c.time, ch.added, ch.deleted);
      this.alias.delete(ch.path);
      moves.push([ch.oldPath, target]);
    }
    for (const [oldPath, target] of moves) this.alias.set(oldPath, target);
  }

  private record(target: string, email: string, time: number, added: number, deleted: number): void {
    let a = this.acc.get(target);
    if (a === undefined) {
      a = { revisions: 0, added: 0, deleted: 0, emails: new Set(), firstTime: time };
      this.acc.set(target, a);
    }
    a.revisions++;
    a.added += added;
    a.deleted += deleted;
    a.emails.add(email);
    if (time < a.firstTime) a.firstTime = time;
  }

  /** The metrics per current path; `headTime` is the author time (epoch seconds) of the analysed commit. */
  result(headTime: number): Map<string, FileHistory> {
    const out = new Map<string, FileHistory>();
    for (const [path, a] of this.acc) {
      out.set(path, {
        age_days: Math.max(0, Math.floor((headTime - a.firstTime) / 86_400)),
        revisions: a.revisions,
        authors: a.emails.size,
        avg_loc_added: a.added / a.revisions,
        avg_loc_deleted: a.deleted / a.revisions,
      });
    }
    return out;
  }
}
