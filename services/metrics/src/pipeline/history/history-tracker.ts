import type { LogCommit } from './log-parser.js';
import { type Holder, NameState, resolve, type Table } from './name-state.js';

/** Git-history metrics of one file, as the contract defines them. */
export interface FileHistory {
  /** Whole days from the author date of the file's first commit to that of the analysed commit. */
  age_days: number;
  /** Commits (merges excluded) that touched the file under any of its names, on any branch. */
  revisions: number;
  /** Distinct author e-mails (after `.mailmap`), compared case-insensitively. */
  authors: number;
  avg_loc_added: number;
  avg_loc_deleted: number;
}

/** What the history insights (issue 17) add per file, from the same pass. */
export interface FileChurn {
  /** Commits in the recent window (the 90 days before the analysed commit's author date). */
  revisions_recent: number;
  /** Lines added + deleted, all time and in the recent window. */
  churn: number;
  churn_recent: number;
  /** Author time (epoch seconds) of the newest commit that touched the file. */
  last_time: number;
  /** Changed lines per author e-mail (lower case, after `.mailmap`). */
  author_lines: Map<string, number>;
}

/** Commit counts for change coupling, by current path. */
export interface CouplingCounts {
  /** Commits (of at most `maxCommitFiles` changed paths) that touched each file. */
  revisions: Map<string, number>;
  /** Commits that touched both files of a pair, keyed `a\0b` with a < b. */
  shared: Map<string, number>;
}

export interface TrackerOptions {
  /** Epoch seconds: commits at or after it count in the recent window. */
  recentSince?: number;
  /** Record what coupling and author names need (the rest is collected always; it is cheap). */
  insights?: boolean;
  /** Commits changing more paths than this are left out of coupling. */
  maxCommitFiles?: number;
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
 *
 * For coupling, each commit's touched holders are kept (flat, with offsets) and resolved only at the
 * end: a path pending on a side branch learns which file it is only where the lines meet, possibly
 * after the commit was read.
 */
export class HistoryTracker {
  private readonly files: Holder[] = [];
  private readonly waiting = new Map<string, Table[]>();
  private first = true;
  private readonly recentSince: number;
  private readonly insights: boolean;
  private readonly maxCommitFiles: number;
  private readonly touched: Holder[] = [];
  /** End offset in `touched` of each recorded commit. */
  private readonly commitEnds: number[] = [];
  private readonly names = new Map<string, { name: string; time: number }>();
  /** Commits read (merges included). */
  commits = 0;

  /** `paths`: the files at the analysed commit whose history is wanted. */
  constructor(
    private readonly paths: Iterable<string>,
    opts: TrackerOptions = {},
  ) {
    this.recentSince = opts.recentSince ?? Number.POSITIVE_INFINITY;
    this.insights = opts.insights ?? false;
    this.maxCommitFiles = opts.maxCommitFiles ?? 50;
  }

  /** Applies one commit; commits must arrive children before parents. */
  apply(c: LogCommit): void {
    const state = this.stateOf(c.sha);
    if (state === undefined) return;
    this.commits++;
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
    const recent = c.time >= this.recentSince;
    const couple = this.insights && c.changes.length <= this.maxCommitFiles;
    const start = this.touched.length;
    let renames = false;
    for (const ch of c.changes) {
      if (ch.oldPath !== undefined) {
        renames = true;
        continue;
      }
      const h = state.touch(ch.path);
      if (h) {
        record(h, email, c.time, ch.added, ch.deleted, recent);
        if (couple) this.touched.push(h);
      }
      if (c.created.length > 0 && c.created.includes(ch.path)) state.created(ch.path);
    }
    if (renames) {
      // Second pass, so a path created in the same commit as a rename away from it is handled right.
      for (const ch of c.changes) {
        if (ch.oldPath === undefined) continue;
        const h = state.touch(ch.path);
        if (h) {
          record(h, email, c.time, ch.added, ch.deleted, recent);
          if (couple) this.touched.push(h);
        }
        state.renamed(ch.oldPath, ch.path);
      }
    }
    if (!this.insights) return;
    if (this.touched.length > start) this.commitEnds.push(this.touched.length);
    // The newest commit's spelling of a person's name wins.
    const known = this.names.get(email);
    if (known === undefined || c.time > known.time) this.names.set(email, { name: c.name, time: c.time });
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

  /** Churn, recency and authorship per current path. */
  churn(): Map<string, FileChurn> {
    const out = new Map<string, FileChurn>();
    for (const h of this.files) {
      const a = resolve(h).acc;
      if (h.target === null || a === null || a.revisions === 0) continue;
      out.set(h.target, {
        revisions_recent: a.recentRevisions,
        churn: a.added + a.deleted,
        churn_recent: a.recentLines,
        last_time: a.lastTime,
        author_lines: a.emails,
      });
    }
    return out;
  }

  /** Author names by e-mail (lower case), as the newest commit spelled them. */
  authorNames(): Map<string, string> {
    return new Map([...this.names].map(([e, v]) => [e, v.name]));
  }

  /** Per-file and per-pair commit counts of the commits small enough for coupling. */
  coupling(): CouplingCounts {
    // First every touched holder to a file number (-1: counts for no file), then the pairs.
    const ids = new Map<Holder, number>();
    const byId: string[] = [];
    const touchedIds = new Int32Array(this.touched.length);
    for (let i = 0; i < this.touched.length; i++) {
      const h = this.touched[i]!;
      let id = ids.get(h);
      if (id === undefined) {
        const r = resolve(h);
        id = ids.get(r);
        if (id === undefined) {
          id = r.target === null ? -1 : byId.push(r.target) - 1;
          ids.set(r, id);
        }
        ids.set(h, id);
      }
      touchedIds[i] = id;
    }
    const n = byId.length;
    const revs = new Array<number>(n).fill(0);
    const pairCounts = new Map<number, number>();
    const seen: number[] = [];
    let start = 0;
    for (const end of this.commitEnds) {
      seen.length = 0;
      for (let i = start; i < end; i++) {
        const id = touchedIds[i]!;
        if (id >= 0 && !seen.includes(id)) seen.push(id);
      }
      start = end;
      for (let i = 0; i < seen.length; i++) {
        const x = seen[i]!;
        revs[x]!++;
        for (let j = i + 1; j < seen.length; j++) {
          const y = seen[j]!;
          const key = x < y ? x * n + y : y * n + x;
          pairCounts.set(key, (pairCounts.get(key) ?? 0) + 1);
        }
      }
    }
    const revisions = new Map<string, number>();
    for (let i = 0; i < n; i++) if (revs[i]! > 0) revisions.set(byId[i]!, revs[i]!);
    const shared = new Map<string, number>();
    for (const [key, count] of pairCounts) {
      const p = byId[Math.floor(key / n)]!;
      const q = byId[key % n]!;
      shared.set(p < q ? `${p}\0${q}` : `${q}\0${p}`, count);
    }
    return { revisions, shared };
  }
}

function record(
  h: Holder,
  email: string,
  time: number,
  added: number,
  deleted: number,
  recent: boolean,
): void {
  h.acc ??= {
    revisions: 0,
    added: 0,
    deleted: 0,
    emails: new Map(),
    firstTime: time,
    lastTime: time,
    recentRevisions: 0,
    recentLines: 0,
  };
  const a = h.acc;
  a.revisions++;
  a.added += added;
  a.deleted += deleted;
  a.emails.set(email, (a.emails.get(email) ?? 0) + added + deleted);
  if (time < a.firstTime) a.firstTime = time;
  if (time > a.lastTime) a.lastTime = time;
  if (recent) {
    a.recentRevisions++;
    a.recentLines += added + deleted;
  }
}
