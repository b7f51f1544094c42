import { type ClientRequest, type IncomingMessage, request } from 'node:http';

/** One parsed server-sent event. */
export interface SseMessage {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** A real HTTP client reading a text/event-stream, as a browser's EventSource would. */
export interface SseClient {
  status: number;
  headers: IncomingMessage['headers'];
  events: SseMessage[];
  comments: string[];
  /** Resolves when the server ends the response (or the connection closes). */
  ended: Promise<void>;
  /** Resolves once `n` events have arrived. */
  waitForEvents(n: number, ms?: number): Promise<SseMessage[]>;
  close(): void;
}

/** Opens `url` with node:http and parses events as they arrive. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest;
    const events: SseMessage[] = [];
    const comments: string[] = [];
    const waiters: (() => void)[] = [];
    req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const msg: SseMessage = { id: undefined, event: undefined, data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) msg.id = line.slice(4);
            else if (line.startsWith('event: ')) msg.event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) {
            msg.data = data.join('\n');
            events.push(msg);
          }
        }
        for (const w of waiters.splice(0)) w();
      });
      res.on('error', () => {});
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
      });
      resolve({
        ended,
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        waitForEvents(n, ms = 10_000) {
          return new Promise((ok, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`only ${events.length} of ${n} events arrived`)),
              ms,
            );
            const check = () => {
              if (events.length >= n) {
                clearTimeout(timer);
                ok(events.slice(0, n));
              } else waiters.push(check);
            };
            check();
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
