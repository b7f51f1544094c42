import type { ServerResponse } from 'node:http';
import { formatSseComment, formatSseEvent, type SseEvent } from './format-event.js';

export interface SseStreamOptions {
  /** Interval of keep-alive comments; 15 s keeps common proxies (60 s idle) open. */
  keepAliveMs?: number;
  /** A client whose unsent bytes pass this is dropped, so it cannot make the server buffer forever. */
  maxBufferedBytes?: number;
  onClose?: () => void;
}

/**
 * A server-sent-events response. Writes never wait: a client that cannot keep up is cut off
 * instead of slowing the producer or the other clients.
 */
export class SseStream {
  private timer: NodeJS.Timeout | undefined;
  private ended = false;
  private readonly maxBuffered: number;

  constructor(
    private readonly res: ServerResponse,
    private readonly opts: SseStreamOptions = {},
  ) {
    this.maxBuffered = opts.maxBufferedBytes ?? 1024 * 1024;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    res.on('close', () => this.finish());
    this.timer = setInterval(() => this.write(formatSseComment('keep-alive')), opts.keepAliveMs ?? 15_000);
    this.timer.unref();
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Sends one event; false when the stream is closed or was just dropped for being slow. */
  send(ev: SseEvent): boolean {
    return this.write(formatSseEvent(ev));
  }

  comment(text: string): boolean {
    return this.write(formatSseComment(text));
  }

  /** Ends the response normally. */
  close(): void {
    if (this.ended) return;
    this.res.end();
    this.finish();
  }

  private write(chunk: string): boolean {
    if (this.ended) return false;
    this.res.write(chunk);
    if (this.res.writableLength > this.maxBuffered) {
      this.res.destroy();
      this.finish();
      return false;
    }
    return true;
  }

  private finish() {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.timer);
    this.opts.onClose?.();
  }
}
