import { cUnquote } from './c-unquote.js';

/** One file change of a commit: `oldPath` is set for a rename. Binary changes count 0 lines. */
export interface FileChange {
  path: string;
  oldPath: string | undefined;
  added: number;
  deleted: number;
}

/**
 * One commit of the log: author time (epoch seconds), author e-mail and name (both after `.mailmap`),
 * changes, and paths it created.
 */
export interface LogCommit {
  sha: string;
  /** Parent shas; two or more for a merge (merges come with no changes). */
  parents: string[];
  time: number;
  email: string;
  /** Empty when the log was read without names (LOG_FORMAT_ARGS_NO_NAMES). */
  name: string;
  changes: FileChange[];
  created: string[];
}

/**
 * The `git log` arguments whose output {@link LogParser} reads. `%aE`/`%aN` are the author after the
 * repository's `.mailmap`, so one person's several addresses count once.
 */
export const LOG_FORMAT_ARGS = ['-z', '--numstat', '--summary', '--format=%x01%H %P%x02%at %aE%x03%aN%x00'];

/** The same without author names (the history columns alone do not need them). */
export const LOG_FORMAT_ARGS_NO_NAMES = ['-z', '--numstat', '--summary', '--format=%x01%H %P%x02%at %aE%x00'];

const CREATE_RE = /^create mode \d+ (.*)$/;

/**
 * Incremental parser of `git log -z --numstat --summary --format=%x01%H %P%x02%at %aE%x03%aN%x00` output
 * (`%x03%aN` optional).
 * Fed decoded text chunk by chunk, it calls `onCommit` as soon as a commit is complete, so the whole
 * log is never held in memory. Layout per commit: `\x01<sha> <parents…>\x02<time> <email>\x03<name>\0\0`, an
 * optional `\n`, numstat records `<added>\t<deleted>\t<path>\0` (a rename has an empty path then
 * `<old>\0<new>\0`), then summary lines ` create mode <mode> <path>\n` (path C-quoted when unusual).
 */
export class LogParser {
  private buf = '';
  private current: LogCommit | undefined;

  constructor(private readonly onCommit: (c: LogCommit) => void) {}

  /** Feeds the next piece of the output. */
  push(text: string): void {
    const buf = this.buf.length > 0 ? this.buf + text : text;
    const n = buf.length;
    let pos = 0;
    while (pos < n) {
      const c = buf.charCodeAt(pos);
      if (c === 0 || c === 10) {
        pos++;
        continue;
      }
      if (c === 1) {
        const end = buf.indexOf('\0', pos + 1);
        if (end < 0) break;
        this.flush();
        const header = buf.slice(pos + 1, end);
        const stx = header.indexOf('\x02');
        const [sha = '', ...parents] = header.slice(0, stx).split(' ').filter(Boolean);
        const sp = header.indexOf(' ', stx + 1);
        const etx = header.indexOf('\x03', sp + 1);
        this.current = {
          sha,
          parents,
          time: Number(header.slice(stx + 1, sp)),
          email: etx < 0 ? header.slice(sp + 1) : header.slice(sp + 1, etx),
          name: etx < 0 ? '' : header.slice(etx + 1),
          changes: [],
          created: [],
        };
        pos = end + 1;
        continue;
      }
      if (c === 32) {
        const end = buf.indexOf('\n', pos + 1);
        if (end < 0) break;
        const m = CREATE_RE.exec(buf.slice(pos + 1, end));
        if (m && this.current) this.current.created.push(cUnquote(m[1]!));
        pos = end + 1;
        continue;
      }
      const end = buf.indexOf('\0', pos);
      if (end < 0) break;
      const t1 = buf.indexOf('\t', pos);
      const t2 = buf.indexOf('\t', t1 + 1);
      const added = buf.charCodeAt(pos) === 45 ? 0 : Number(buf.slice(pos, t1));
      const deleted = buf.charCodeAt(t1 + 1) === 45 ? 0 : Number(buf.slice(t1 + 1, t2));
      if (t2 + 1 < end) {
        this.current?.changes.push({ path: buf.slice(t2 + 1, end), oldPath: undefined, added, deleted });
        pos = end + 1;
        continue;
      }
      const oldEnd = buf.indexOf('\0', end + 1);
      const newEnd = oldEnd < 0 ? -1 : buf.indexOf('\0', oldEnd + 1);
      if (newEnd < 0) break;
      const oldPath = buf.slice(end + 1, oldEnd);
      this.current?.changes.push({ path: buf.slice(oldEnd + 1, newEnd), oldPath, added, deleted });
      pos = newEnd + 1;
    }
    this.buf = pos < n ? buf.slice(pos) : '';
  }

  /** Signals the end of the output; emits the last commit. */
  end(): void {
    if (this.buf.replace(/[\0\n]/g, '').length > 0)
      throw new Error('git log output ended in the middle of a record');
    this.buf = '';
    this.flush();
  }

  private flush(): void {
    if (this.current) this.onCommit(this.current);
    this.current = undefined;
  }
}
