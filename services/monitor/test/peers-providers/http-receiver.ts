import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver saw it. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body text (what a signature is computed over). */
  body: string;
}

export interface CannedAnswer {
  status: number;
  body?: string;
  contentType?: string;
}

/**
 * A loopback HTTP server standing in for a provider's API: it records every request and answers
 * from a queue of canned answers (then with `fallback`).
 */
export class HttpReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly answers: CannedAnswer[] = [];
  private waiters: Array<() => void> = [];
  fallback: CannedAnswer = { status: 200, body: '{"ok":true}', contentType: 'application/json' };

  private constructor(private readonly server: Server) {}

  /** Starts a receiver on 127.0.0.1 with a free port. */
  static async start(): Promise<HttpReceiver> {
    const server = createServer();
    const r = new HttpReceiver(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        r.requests.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const a = r.answers.shift() ?? r.fallback;
        res.writeHead(a.status, { 'content-type': a.contentType ?? 'text/plain' });
        res.end(a.body ?? '');
        for (const w of r.waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return r;
  }

  /** The base URL, e.g. http://127.0.0.1:41234 */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Answers the next requests with these, in order. */
  answer(...answers: CannedAnswer[]): void {
    this.answers.push(...answers);
  }

  /** Resolves once `n` requests have arrived (rejects after `limitMs` so a broken test cannot hang). */
  async waitFor(n: number, limitMs = 10_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + limitMs;
    while (this.requests.length < n) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${n} requests, got ${this.requests.length}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.requests.slice(0, n);
  }

  /** The parsed JSON body of request `i`. */
  json(i: number): Record<string, unknown> {
    const r = this.requests[i];
    if (!r) throw new Error(`no request ${i}`);
    return JSON.parse(r.body) as Record<string, unknown>;
  }

  reset(): void {
    this.requests.length = 0;
    this.answers.length = 0;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
