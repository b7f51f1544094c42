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

/** In-process signal "analysis N changed": listeners reload the record, or take the progress tick. */
export class AnalysisEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream; hundreds of viewers are legitimate.
    this.emitter.setMaxListeners(0);
  }

  /** Tells listeners that the stored record of `id` changed. */
  changed(id: number): void {
    this.emitter.emit(`changed:${id}`);
  }

  progress(id: number, tick: ProgressTick): void {
    this.emitter.emit(`progress:${id}`, tick);
  }

  /** Asks every open stream to end (at shutdown: an open stream would keep the server from closing). */
  shutdown(): void {
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
}
