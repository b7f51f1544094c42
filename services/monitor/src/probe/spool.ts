import { type FileHandle, mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '@app/kit';
import type { ProbeResult } from '../shared-types/probe-protocol.js';

/** A batch of results waiting for the central instance's acknowledgement. */
export interface SpooledBatch {
  batch_id: string;
  results: ProbeResult[];
  /** Bytes of its line in the file (for the bound). */
  bytes: number;
  /** In the file already (a rewrite may write a batch before its own append comes to it). */
  written: boolean;
}

// One line per event: a batch written before it is sent, and its acknowledgement (or its drop).
type Line = { b: string; r: ProbeResult[] } | { ack: string };

/** The spool's file is rewritten to its unacknowledged batches once it holds this much more. */
const COMPACT_SLACK_BYTES = 1024 * 1024;

/**
 * The probe's results between their check and the central instance's acknowledgement: a bounded,
 * append-only NDJSON file, so that a probe restarted (or killed) while the central instance is
 * unreachable replays what it had not delivered, in the order it was checked. Every batch is written
 * here before it is sent and marked acknowledged once the central instance answers; the file is
 * rewritten to the batches still waiting when it holds nothing else (the usual case: truncated) or
 * when acknowledgements take more room than the waiting batches. Beyond `maxBytes` of waiting
 * batches the oldest are dropped, with a warning, and counted in `dropped` (results, since start).
 *
 * A write that returned survives the process being killed (it is in the OS's cache); a batch cut
 * short by a crash mid-write is skipped on reading. Writes are serialised here.
 */
export class Spool {
  private readonly batches: SpooledBatch[] = [];
  private pendingBytes = 0;
  private fileBytes = 0;
  private spooled = 0;
  private droppedResults = 0;
  private queue: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly maxBytes: number,
    private readonly log: Logger,
    private fh: FileHandle,
  ) {}

  /** Opens (creates) the spool file and loads the batches a previous run left unacknowledged. */
  static async open(path: string, maxBytes: number, log: Logger): Promise<Spool> {
    await mkdir(dirname(path), { recursive: true });
    const left = await readLeft(path, log);
    const spool = new Spool(path, maxBytes, log, await open(path, 'a'));
    for (const b of left) spool.push(b);
    spool.enforceBound();
    // Start from a clean file: no acknowledged batch, no torn last line to append after.
    if ((await spool.fh.stat()).size > 0) await spool.rewrite();
    if (left.length > 0) {
      log.info(
        { batches: spool.batches.length, results: spool.spooled },
        'probe spool: replaying unsent results',
      );
    }
    return spool;
  }

  /** Results written and not yet acknowledged. */
  get spooledResults(): number {
    return this.spooled;
  }

  /** Results dropped because the spool was full, since the probe started. */
  get dropped(): number {
    return this.droppedResults;
  }

  get size(): number {
    return this.batches.length;
  }

  /** The oldest unacknowledged batch: the next to send (strictly in order). */
  peek(): SpooledBatch | undefined {
    const first = this.batches[0];
    // Never sent before it is on the disk.
    return first?.written ? first : undefined;
  }

  /** Writes a batch; resolves once it is in the file. */
  append(batchId: string, results: ProbeResult[]): Promise<void> {
    const line = `${JSON.stringify({ b: batchId, r: results } satisfies Line)}\n`;
    const batch: SpooledBatch = {
      batch_id: batchId,
      results,
      bytes: Buffer.byteLength(line),
      written: false,
    };
    this.push(batch);
    const dropped = this.enforceBound();
    return this.serial(async () => {
      if (!batch.written) {
        await this.fh.write(line);
        // On the disk before it is sent: it survives a power cut too, not only the process.
        await this.fh.datasync();
        batch.written = true;
        this.fileBytes += batch.bytes;
      }
      if (dropped.length > 0) await this.markDone(dropped);
    });
  }

  /** Marks a batch acknowledged (it leaves the spool); unknown ids are ignored. */
  ack(batchId: string): Promise<void> {
    const i = this.batches.findIndex((b) => b.batch_id === batchId);
    if (i < 0) return Promise.resolve();
    const [batch] = this.batches.splice(i, 1);
    this.forget(batch!);
    return this.serial(() => this.markDone([batchId]));
  }

  /** Drops a batch the central instance will never take (counted in `dropped`). */
  drop(batchId: string): Promise<void> {
    const i = this.batches.findIndex((b) => b.batch_id === batchId);
    if (i < 0) return Promise.resolve();
    const [batch] = this.batches.splice(i, 1);
    this.forget(batch!);
    this.droppedResults += batch!.results.length;
    return this.serial(() => this.markDone([batchId]));
  }

  /** Waits for the writes under way and closes the file. */
  async close(): Promise<void> {
    await this.serial(async () => {
      await this.fh.close();
    });
  }

  private push(batch: SpooledBatch): void {
    this.batches.push(batch);
    this.pendingBytes += batch.bytes;
    this.spooled += batch.results.length;
  }

  private forget(batch: SpooledBatch): void {
    this.pendingBytes -= batch.bytes;
    this.spooled -= batch.results.length;
  }

  // Drops the oldest batches until the waiting ones fit (the newest is always kept).
  private enforceBound(): string[] {
    const dropped: string[] = [];
    while (this.pendingBytes > this.maxBytes && this.batches.length > 1) {
      const old = this.batches.shift()!;
      this.forget(old);
      this.droppedResults += old.results.length;
      dropped.push(old.batch_id);
    }
    if (dropped.length > 0) {
      this.log.warn(
        { batches: dropped.length, dropped_total: this.droppedResults, max_bytes: this.maxBytes },
        'probe spool full: dropped the oldest unsent results',
      );
    }
    return dropped;
  }

  private async markDone(ids: string[]): Promise<void> {
    if (this.batches.length === 0) {
      // Everything delivered (the usual case): the file starts over (appends go to its end).
      await this.fh.truncate(0);
      this.fileBytes = 0;
      return;
    }
    if (this.fileBytes > this.pendingBytes * 2 + COMPACT_SLACK_BYTES) {
      await this.rewrite();
      return;
    }
    const text = ids.map((id) => `${JSON.stringify({ ack: id } satisfies Line)}\n`).join('');
    await this.fh.write(text);
    this.fileBytes += Buffer.byteLength(text);
  }

  // Replaces the file with the waiting batches alone (written aside, then renamed over it).
  private async rewrite(): Promise<void> {
    const aside = `${this.path}.tmp`;
    const out = await open(aside, 'w');
    try {
      let bytes = 0;
      for (const b of this.batches) {
        const line = `${JSON.stringify({ b: b.batch_id, r: b.results } satisfies Line)}\n`;
        await out.write(line);
        bytes += Buffer.byteLength(line);
        b.written = true;
      }
      await out.sync();
      this.fileBytes = bytes;
    } finally {
      await out.close();
    }
    await rename(aside, this.path);
    await this.fh.close();
    this.fh = await open(this.path, 'a');
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    // A failed write is reported to its caller; the next one still runs.
    this.queue = next.catch(() => undefined);
    return next;
  }
}

// The batches of a previous run that were never acknowledged, in the order they were written.
async function readLeft(path: string, log: Logger): Promise<SpooledBatch[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const order: string[] = [];
  const byId = new Map<string, SpooledBatch>();
  let skipped = 0;
  for (const raw of text.split('\n')) {
    if (raw === '') continue;
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      skipped++;
      continue;
    }
    if ('ack' in line) byId.delete(line.ack);
    else if (typeof line.b === 'string' && Array.isArray(line.r)) {
      if (!byId.has(line.b)) order.push(line.b);
      byId.set(line.b, {
        batch_id: line.b,
        results: line.r,
        bytes: Buffer.byteLength(raw) + 1,
        written: true,
      });
    } else skipped++;
  }
  if (skipped > 0)
    log.warn({ lines: skipped, path }, 'probe spool: skipped unreadable lines (a write cut short?)');
  return order.flatMap((id) => byId.get(id) ?? []);
}
