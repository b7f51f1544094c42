import type { LogCommit } from './log-parser.js';
import { type Holder, NameState, resolve, type Table } from './name-state.js';

/** Git-history metrics of one file, as the contract defines them. */
export interface FileHistory {
  /** Whole days from the author date of the file's first commit to that of the analysed commit. */
  age_days: number;
  /** Commits (merges excluded) that touched the file under any of its names, on any branch. */
  revisions: number;
  /** Distinct author e-mails, compared case-insensitively. */
  authors: number;
  avg_loc_added: number;
  avg_loc_deleted: number;
}

/**
 * Folds commits, newest first (children before parents, merges included), into per-file totals keyed
 * by the path at the analysed commit.
 *
 * Which file a path means depends on the line of history: walking back, a rename `old → new` on one
 * branch makes `old` the file's name there, while a branch merged later may still have edited `old`
 * without ever seeing the rename. So each commit gets the name table of its own line, handed from
 * children to parents (shared until a commit changes it, merged where lines fork); see NameState.
 * A commit that created a followed path ends that path's history on its line, so an older, deleted
 * file that happened to have the same name is not counted.
 */
export class HistoryTracker {
  private readonly files: Holder[] = [];
  private readonly waiting = new Map<string, Table[]>();
  private first = true;

  /** `paths`: the files at the analysed commit whose history is wanted. */
  constructor(private readonly paths: Iterable<string>) {}

  /** Applies one commit; commits must arrive children before parents. */
  apply(c: LogCommit): void {
    const state = this.stateOf(c.sha);
    if (state === undefined) return;
    // Merges carry no changes in the log and are not counted; they only hand their names down.
    if (c.parents.length < 2) this.fold(state, c);
    for (const p of c.parents) {
      const list = this.waiting.get(p);
      if (list?.includes(state.table)) continue;
      state.share();
      if (list === undefined) this.waiting.set(p, [state.table]);
      else list.push(state.table);
    }
    state.release();
  }

  private stateOf(sha: string): NameState | undefined {
    if (this.first) {
      this.first = false;
      const s = NameState.initial(this.paths);
      for (const h of s.holders()) this.files.push(h);
      return s;
    }
    const incoming = this.waiting.get(sha);
    if (incoming === undefined) return undefined;
    this.waiting.delete(sha);
    return NameState.join(incoming);
  }

  private fold(state: NameState, c: LogCommit): void {
    const email = c.email.toLowerCase();
    let renames = false;
    for (const ch of c.changes) {
      if (ch.oldPath !== undefined) {
        renames = true;
        continue;
      }
      const h = state.touch(ch.path);
      if (h) record(h, email, c.time, ch.added, ch.deleted);
      if (c.created.length > 0 && c.created.includes(ch.path)) state.created(ch.path);
    }
    if (!renames) return;
    // Second pass, so a path created in the same commit as a rename away from it is handled right.
    for (const ch of c.changes) {
      if (ch.oldPath === undefined) continue;
      const h = state.touch(ch.path);
      if (h) record(h, email, c.time, ch.added, ch.deleted);
      state.renamed(ch.oldPath, ch.path);
    }
  }

  /** The metrics per current path; `headTime` is the author time (epoch seconds) of the analysed commit. */
  result(headTime: number): Map<string, FileHistory> {
    const out = new Map<string, FileHistory>();
    for (const h of this.files) {
      const a = resolve(h).acc;
      if (h.target === null || a === null || a.revisions === 0) continue;
      out.set(h.target, {
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

function record(h: Holder, email: string, time: number, added: number, deleted: number): void {
  h.acc ??= { revisions: 0, added: 0, deleted: 0, emails: new Set(), firstTime: time };
  const a = h.acc;
  a.revisions++;
  a.added += added;
  a.deleted += deleted;
  a.emails.add(email);
  if (time < a.firstTime) a.firstTime = time;
}
