// The name table of one line of history: which file (of the analysed commit) each path means there.

/** Totals of the commits attributed to one holder. */
export interface Acc {
  revisions: number;
  added: number;
  deleted: number;
  /** Changed lines (added + deleted) per author e-mail (lower case); 0 for an author of binary changes. */
  emails: Map<string, number>;
  firstTime: number;
  lastTime: number;
  /** Commits and changed lines at or after the recent-window start (see HistoryTracker). */
  recentRevisions: number;
  recentLines: number;
}

/**
 * What a path stands for on a line of history: a file of the analysed commit (`target` set), or a
 * pending holder (`target` null) for a path this line has not linked to any file yet. A pending
 * holder collects the commits that touched the path until the lines meet where they forked: if the
 * other line knows the path as a file's earlier name, the holder is folded into that file (`into`);
 * if the path was created there, or never turns out to be a file's, its commits count for nothing.
 */
export interface Holder {
  target: string | null;
  acc: Acc | null;
  into: Holder | null;
  /**
   * Set on the entry a rename puts under the old name (an alias `into` the file): this line of
   * history saw the path become that file's, which outweighs a line that merely inherited the path.
   */
  renamed?: true;
}

/** The path was created on this line: older commits touching it belong to another file. */
export const ENDED: Holder = { target: null, acc: null, into: null };

/** The holder a (possibly folded) holder stands for now. */
export function resolve(h: Holder): Holder {
  let x = h;
  while (x.into !== null) x = x.into;
  return x;
}

function foldInto(from: Holder, to: Holder): void {
  if (from === to || from === ENDED) return;
  from.into = to;
  const a = from.acc;
  if (a === null || to === ENDED) return;
  if (to.acc === null) {
    to.acc = a;
  } else {
    to.acc.revisions += a.revisions;
    to.acc.added += a.added;
    to.acc.deleted += a.deleted;
    for (const [e, n] of a.emails) to.acc.emails.set(e, (to.acc.emails.get(e) ?? 0) + n);
    to.acc.firstTime = Math.min(to.acc.firstTime, a.firstTime);
    to.acc.lastTime = Math.max(to.acc.lastTime, a.lastTime);
    to.acc.recentRevisions += a.recentRevisions;
    to.acc.recentLines += a.recentLines;
  }
  from.acc = null;
}

/**
 * Where two lines fork, one path can mean different things on each: a file on one and a pending
 * holder on the other (the side branch edited the old name, the main line renamed it) is that file;
 * a creation on either line wins over a name the other line merely never saw change, and so does a
 * rename: a branch that moved `p` away and created a new `p` (flask's `app.py` → `sansio/app.py`),
 * merged into a line that never saw either commit, hands that line `p` as the new file only because
 * merges are read without their changes; against that parent the merge itself is the move (what
 * `git diff -M -B parent merge` shows), so the line that saw the rename decides.
 */
function combine(x: Holder | undefined, y: Holder): Holder {
  if (x === undefined) return y;
  const a = resolve(x);
  const b = resolve(y);
  if (a === b) return a;
  if (a === ENDED || b === ENDED) {
    for (const pending of [a, b]) if (pending !== ENDED && pending.target === null) foldInto(pending, ENDED);
    return ENDED;
  }
  if (a.target === null) {
    foldInto(a, b);
    return b;
  }
  if (b.target === null) {
    foldInto(b, a);
    return x;
  }
  if (y.renamed && !x.renamed) return y;
  // Two files claiming one path (both lines renamed something onto it): the first keeps it.
  return x;
}

/** A table shared by the commits that have not changed it (copy on write); `owners` counts them. */
export interface Table {
  map: Map<string, Holder>;
  owners: number;
}

/** One commit's view of its line's table. */
export class NameState {
  private constructor(public table: Table) {}

  /** The table at the analysed commit: every path stands for itself. */
  static initial(paths: Iterable<string>): NameState {
    const map = new Map<string, Holder>();
    for (const p of paths) map.set(p, { target: p, acc: null, into: null });
    return new NameState({ map, owners: 1 });
  }

  /**
   * The table of a commit from those its children handed down (each hands its ownership over). One
   * table is taken as it is; several are merged into one the commit owns alone.
   */
  static join(tables: Table[]): NameState {
    const first = tables[0];
    if (tables.length === 1 && first) return new NameState(first);
    let base: Table | undefined;
    for (const t of tables)
      if (t.owners === 1 && (base === undefined || t.map.size > base.map.size)) base = t;
    if (base === undefined) {
      const largest = tables.reduce((a, b) => (b.map.size > a.map.size ? b : a));
      base = { map: new Map(largest.map), owners: 1 };
    }
    for (const t of tables) {
      if (t === base) continue;
      for (const [p, h] of t.map) base.map.set(p, combine(base.map.get(p), h));
      t.owners--;
    }
    return new NameState(base);
  }

  /** The files of the table (at the analysed commit, before any change). */
  holders(): Holder[] {
    return [...this.table.map.values()];
  }

  /** The holder a touched path counts for, or null when it counts for nothing; unknown paths start pending. */
  touch(path: string): Holder | null {
    let h = this.table.map.get(path);
    if (h === undefined) {
      h = { target: null, acc: null, into: null };
      this.write().set(path, h);
    }
    const r = resolve(h);
    return r === ENDED ? null : r;
  }

  /** The commit created `path`: older commits touching it are another file's. */
  created(path: string): void {
    const h = this.table.map.get(path);
    if (h === undefined || h === ENDED) return;
    const r = resolve(h);
    const map = this.write();
    if (r.target === null) {
      // A pending path that no file claimed: nothing older can join it either.
      foldInto(r, ENDED);
      map.delete(path);
    } else {
      map.set(path, ENDED);
    }
  }

  /** The commit renamed `oldPath` to `newPath`: older commits know the file by its old name. */
  renamed(oldPath: string, newPath: string): void {
    const h = this.table.map.get(newPath);
    if (h === undefined) return;
    const r = resolve(h);
    // A newer file created under newPath: this rename is an older file's.
    if (r === ENDED) return;
    const map = this.write();
    // newPath did not exist before this commit; a pending name needs no marker (nothing can claim it).
    if (r.target === null) {
      map.delete(newPath);
      map.set(oldPath, r);
    } else {
      map.set(newPath, ENDED);
      map.set(oldPath, { target: r.target, acc: null, into: r, renamed: true });
    }
  }

  /** One more commit (a parent) will start from this table. */
  share(): void {
    this.table.owners++;
  }

  /** This commit is done with the table. */
  release(): void {
    this.table.owners--;
  }

  private write(): Map<string, Holder> {
    if (this.table.owners > 1) {
      this.table.owners--;
      this.table = { map: new Map(this.table.map), owners: 1 };
    }
    return this.table.map;
  }
}
