import { spawn } from 'node:child_process';
import { trackChildGroup } from '../process/child-groups.js';
import { gitEnv, killGroup } from '../repo/run-git.js';

interface Pending {
  oid: string;
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
}

/**
 * One long-lived `git cat-file --batch` for a run: blobs are read straight from the object store by
 * id, in the order asked, without writing any work tree.
 */
export class BlobReader {
  private readonly child;
  private readonly queue: Pending[] = [];
  private buf: Buffer = Buffer.alloc(0);
  private failed: Error | null = null;

  constructor(dir: string, signal?: AbortSignal) {
    this.child = spawn('git', ['cat-file', '--batch'], {
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
  read(oid: string): Promise<Buffer> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.queue.push({ oid, resolve, reject });
      this.child.stdin.write(`${oid}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
    killGroup(this.child);
  }

  // Answers are `<oid> blob <size>\n<bytes>\n`, or `<oid> missing\n`, in request order.
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
        head.reject(new Error(`blob ${head.oid} is missing from the clone`));
        continue;
      }
      const size = Number(header[2]);
      if (this.buf.length < nl + 1 + size + 1) return;
      const body = Buffer.from(this.buf.subarray(nl + 1, nl + 1 + size));
      this.buf = this.buf.subarray(nl + 1 + size + 1);
      this.queue.shift();
      head.resolve(body);
    }
  }
}
