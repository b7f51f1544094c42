// Git's break detection (`-B`) for the few commits that need it. A file moved away and replaced by a
// new file in the same commit reads as `M old` plus `A new` under `-M` alone: `old` still exists, so
// it cannot be a rename's source. `-B` breaks a rewrite of `old` into delete + create, and `-M` then
// pairs its old content with `new`. Asking `-B` of the whole log cost 3.5 times the pass on
// pallets/flask (4.3 s instead of 1.2 s); it can only change a commit that created a path and took
// out of another path enough lines to have been the created one's source, so only those commits are
// diffed again (79 of flask's 5,531, 0.2 s), in one `git diff-tree --stdin` per window of the log.
import type { LogCommit } from './log-parser.js';

/** Commits the log is folded in, at most, while the break candidates among them are diffed again. */
export const WINDOW = 2000;

/**
 * Whether `-B` could pair a path this commit modified with one it created. Break detection splits a
 * file that lost more than half of itself, and the rename then needs the created file to hold at
 * least half of that old content: so the modified path lost at least a quarter of the created
 * path's lines (and a few lines: git never breaks files under 400 bytes).
 */
export function breakCandidate(c: LogCommit): boolean {
  if (c.created.length === 0 || c.parents.length > 1) return false;
  let createdLines = Number.POSITIVE_INFINITY;
  for (const ch of c.changes)
    if (ch.oldPath === undefined && c.created.includes(ch.path))
      createdLines = Math.min(createdLines, ch.added);
  if (createdLines === Number.POSITIVE_INFINITY) return false;
  const needed = Math.max(5, createdLines / 4);
  return c.changes.some(
    (ch) => ch.oldPath === undefined && ch.deleted >= needed && !c.created.includes(ch.path),
  );
}

/** Diffs the given commits again with `-M -B`, in the log's format: each one's LogCommit by sha. */
export type Rediff = (shas: string[]) => Promise<Map<string, LogCommit>>;

/**
 * Folds commits in log order, each break candidate replaced by its `-M -B` diff: commits are held
 * for at most a window while one `git diff-tree --stdin` answers for that window's candidates.
 */
export class BreakFolder {
  private buf: LogCommit[] = [];
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly rediff: Rediff,
    private readonly apply: (c: LogCommit) => void,
  ) {}

  /** The next commit of the log (children before parents). */
  push(c: LogCommit): void {
    this.buf.push(c);
    if (this.buf.length >= WINDOW) this.flush();
  }

  /** Folds everything pushed; rejects when git failed. */
  async end(): Promise<void> {
    this.flush();
    await this.chain;
  }

  private flush(): void {
    const batch = this.buf;
    this.buf = [];
    this.chain = this.chain.then(() => this.fold(batch));
    // Awaited in end(); a failure before then must not count as unhandled.
    this.chain.catch(() => {});
  }

  private async fold(batch: LogCommit[]): Promise<void> {
    const ask = batch.filter(breakCandidate).map((c) => c.sha);
    const redone = ask.length > 0 ? await this.rediff(ask) : null;
    for (const c of batch) this.apply(redone?.get(c.sha) ?? c);
  }
}
