import { spawn } from 'node:child_process';
import { GitTreeError } from '../pipeline/cache/git-tree.js';
import { trackChildGroup } from '../pipeline/process/child-groups.js';
import { gitEnv, killGroup } from '../pipeline/repo/run-git.js';

/** One object as `git cat-file` names it: its id, type, size and (with contents) its bytes. */
export interface GitObject {
  oid: string;
  type: string;
  size: number;
  /** Empty when the reader reads only the headers (`info`). */
  body: Buffer;
}

const EMPTY = Buffer.alloc(0);

interface Pending {
  spec: string;
  resolve: (o: GitObject) => void;
  reject: (e: Error) => void;
}

/**
 * One long-lived `git cat-file --batch` (or `--batch-check` for `info`: sizes and types only) for a
 * run: objects are read straight from the object store by id or by name (`<commit>^{tree}`), in the
 * order asked, without writing any work tree, and without a process per request.
 */
export class BlobReader {
  private readonly child;
  private readonly queue: Pending[] = [];
  private buf: Buffer = Buffer.alloc(0);
  private failed: Error | null = null;
  private unsent: string[] = [];

  constructor(
    dir: string,
    signal?: AbortSignal,
    private readonly mode: 'contents' | 'info' = 'contents',
  ) {
    this.child = spawn('git', ['cat-file', mode === 'contents' ? '--batch' : '--batch-check'], {
      cwd: dir,
      env: gitEnv(),
      stdio: ['pipe', 'pipe', 'ignore'],
      detached: true,
    });
    trackChildGroup(this.child, 'git cat-file');
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stdin.on('error', () => {});
    const fail = (e: Error): void => {
      this.failed ??= e;
      for (const p of this.queue.splice(0)) p.reject(this.failed);
    };
    this.child.on('error', fail);
    this.child.on('close', () => fail(new Error('git cat-file stopped')));
    signal?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** The bytes of blob `oid`. */
  async read(oid: string): Promise<Buffer> {
    return (await this.object(oid)).body;
  }

  /** The object `spec` names (an id, or e.g. `<commit>^{tree}`); a missing one is a `GitTreeError`. */
  object(spec: string): Promise<GitObject> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.queue.push({ spec, resolve, reject });
      this.unsent.push(spec);
      if (this.unsent.length === 1) queueMicrotask(() => this.send());
    });
  }

  // Requests asked in one turn of the event loop go in one write: a write per object cost more of
  // the event loop than git took to answer.
  private send(): void {
    const specs = this.unsent;
    this.unsent = [];
    if (specs.length > 0 && !this.failed) this.child.stdin.write(`${specs.join('\n')}\n`);
  }

  close(): void {
    this.child.stdin.end();
    killGroup(this.child);
  }

  // Answers are `<oid> <type> <size>\n<bytes>\n` (no bytes for `info`), or `<spec> missing\n`, in
  // request order.
  private onData(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      const head = this.queue[0];
      if (!head) return;
      const nl = this.buf.indexOf(10);
      if (nl < 0) return;
      const header = this.buf.subarray(0, nl).toString('utf8').split(' ');
      if (header[1] === 'missing' || header.length < 3) {
        this.queue.shift();
        this.buf = this.buf.subarray(nl + 1);
        head.reject(new GitTreeError(`object ${head.spec} is missing from the clone`));
        continue;
      }
      const [oid = '', type = ''] = header;
      const size = Number(header[2]);
      if (this.mode === 'info') {
        this.buf = this.buf.subarray(nl + 1);
        this.queue.shift();
        head.resolve({ oid, type, size, body: EMPTY });
        continue;
      }
      if (this.buf.length < nl + 1 + size + 1) return;
      const body = Buffer.from(this.buf.subarray(nl + 1, nl + 1 + size));
      this.buf = this.buf.subarray(nl + 1 + size + 1);
      this.queue.shift();
      head.resolve({ oid, type, size, body });
    }
  }
}
