import { EventEmitter } from 'node:events';

/** A live progress tick; stored progress is written less often, so streams in this process get every tick. */
export interface ProgressTick {
  done: number;
  total: number;
  /** In a history run's `history` stage: the commit just measured (sent as a `commit` event). */
  commit?: CommitTick;
}

/** One commit of a history run, measured and stored. */
export interface CommitTick {
  sha: string;
  commit_date: string;
  /** Python files of the commit. */
  files: number;
  /** Distinct file contents pyscan measured for it (the rest came from the cache). */
  measured: number;
  /** Stored by an earlier attempt of the run (resumed after a graceful stop): not measured again. */
  reused: boolean;
  ms: number;
}

/** What this process tells the other instances about runs (see instance-relay.ts). */
export type RunMessage =
  | { t: 'changed'; id: number }
  | { t: 'progress'; id: number; done: number; total: number };

/** Where run messages go to reach the other instances (the PostgreSQL relay; nothing on SQLite). */
export interface RunMessageSink {
  publish(message: RunMessage): void;
}

/** Progress ticks sent to other instances per run: at most one per this many ms (plus the last one). */
export const RELAY_PROGRESS_MS = 250;

/**
 * Signals "analysis N changed" and progress ticks to this process's streams, and (when a relay is
 * attached) to every other instance's. Listeners reload the record, or take the progress tick.
 */
export class AnalysisEvents {
  private readonly emitter = new EventEmitter();
  private sink: RunMessageSink | undefined;
  // Per run: when a tick last went to the relay, and the tick held back since (sent by a timer).
  private readonly relayed = new Map<number, { at: number; held?: ProgressTick; timer?: NodeJS.Timeout }>();

  constructor() {
    // One listener per open stream; hundreds of viewers are legitimate.
    this.emitter.setMaxListeners(0);
  }

  /** Sends this process's changes to the other instances from now on. */
  attach(sink: RunMessageSink): void {
    this.sink = sink;
  }

  /** Whether other instances' changes arrive as messages (else streams must poll the database for them). */
  get crossInstance(): boolean {
    return this.sink !== undefined;
  }

  /** Tells listeners here and on every instance that the stored record of `id` changed. */
  changed(id: number): void {
    this.emitter.emit(`changed:${id}`);
    if (!this.sink) return;
    // A change supersedes a held progress tick (the reloaded record carries the stored progress).
    const r = this.relayed.get(id);
    if (r) {
      clearTimeout(r.timer);
      this.relayed.delete(id);
    }
    this.sink.publish({ t: 'changed', id });
  }

  progress(id: number, tick: ProgressTick): void {
    this.emitter.emit(`progress:${id}`, tick);
    if (this.sink) this.relayProgress(id, tick);
  }

  /** A message from another instance: told to this process's listeners only. */
  receive(m: RunMessage): void {
    if (m.t === 'changed') this.emitter.emit(`changed:${m.id}`);
    else if (m.t === 'progress') this.emitter.emit(`progress:${m.id}`, { done: m.done, total: m.total });
  }

  /** Messages were lost (the relay reconnected): every open stream reloads its run from the database. */
  gap(): void {
    for (const name of this.emitter.eventNames()) {
      if (typeof name === 'string' && name.startsWith('changed:')) this.emitter.emit(name);
    }
  }

  /** Asks every open stream to end (at shutdown: an open stream would keep the server from closing). */
  shutdown(): void {
    for (const r of this.relayed.values()) clearTimeout(r.timer);
    this.relayed.clear();
    this.emitter.emit('shutdown');
  }

  /** Calls `fn` once at shutdown; returns the unsubscribe function. */
  onShutdown(fn: () => void): () => void {
    this.emitter.once('shutdown', fn);
    return () => this.emitter.off('shutdown', fn);
  }

  /** Subscribes to one analysis; returns the unsubscribe function. */
  subscribe(id: number, onChanged: () => void, onProgress: (t: ProgressTick) => void): () => void {
    this.emitter.on(`changed:${id}`, onChanged);
    this.emitter.on(`progress:${id}`, onProgress);
    return () => {
      this.emitter.off(`changed:${id}`, onChanged);
      this.emitter.off(`progress:${id}`, onProgress);
    };
  }

  // pyscan ticks once per file (thousands a second on small files): the relay gets a few per second
  // per run, the last tick of a burst always (held and sent when the interval is over).
  private relayProgress(id: number, tick: ProgressTick): void {
    const now = Date.now();
    const r = this.relayed.get(id) ?? { at: 0 };
    this.relayed.set(id, r);
    if (now - r.at >= RELAY_PROGRESS_MS || tick.done === tick.total) {
      clearTimeout(r.timer);
      r.timer = undefined;
      r.held = undefined;
      r.at = now;
      this.sink?.publish({ t: 'progress', id, ...tick });
      return;
    }
    r.held = tick;
    r.timer ??= setTimeout(
      () => {
        r.timer = undefined;
        const held = r.held;
        if (!held || this.relayed.get(id) !== r) return;
        r.held = undefined;
        r.at = Date.now();
        this.sink?.publish({ t: 'progress', id, ...held });
      },
      RELAY_PROGRESS_MS - (now - r.at),
    );
    r.timer.unref();
  }
}
