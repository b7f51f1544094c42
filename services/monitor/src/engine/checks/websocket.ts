import { isIP, type NetConnectOpts } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import type WebSocket from 'ws';
import type { CheckSockets } from './check-sockets.js';
import type { CheckType } from './check-type.js';
import type { Deadline } from './deadline.js';
import { describeError, errorCode } from './errors.js';
import { notSpeaking } from './greeting.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { mismatch } from './service-deadline.js';
import { basicAuthorization, withoutUserinfo } from './service-fields.js';
import type { CheckOutcome, CheckTarget } from './types.js';

/** The client library, loaded on the first check of the type (issue 29; see CheckType.library). */
const library = () => import('ws');

// A monitor compares one short message; anything larger is refused by ws (close 1009) rather than buffered.
const MAX_PAYLOAD = 1024 * 1024;

type Event = { kind: 'message'; text: string } | { kind: 'close'; code: number };

/** A failure the check words itself, carrying the HTTP status of a refused upgrade. */
class Refused extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/**
 * Opens a WebSocket (`ws://` or `wss://`), then optionally sends `message`, awaits `expected_value`
 * and/or the expected close code (see CheckTarget). Up once every step that was asked for passed.
 */
export async function checkWebsocket(
  target: CheckTarget,
  deadline: Deadline,
  sockets: CheckSockets,
): Promise<CheckOutcome> {
  const where = parseWebsocketUrl(target.url ?? '');
  if (typeof where === 'string') return downOutcome(`invalid url: ${where}`);
  const { default: WebSocket } = await library();
  const start = performance.now();
  let conn: Connection | null = null;
  let answered = false;
  try {
    // Inside the try: ws throws at once on a header it cannot send, which is a down outcome too.
    conn = openSocket(WebSocket, target, where, deadline, sockets);
    await conn.opened;
    answered = true;
    let responseTime = elapsedMs(start);
    if (target.message !== null && target.message !== undefined) conn.socket.send(target.message);
    const expected = target.expected_value;
    if (expected !== null && expected !== undefined) {
      const event = await conn.next();
      if (event.kind === 'close') {
        return downOutcome(`closed by the server (code ${event.code}) before a message came`, {
          response_time_ms: elapsedMs(start),
        });
      }
      responseTime = elapsedMs(start);
      if (event.text !== expected) {
        return downOutcome(mismatch(expected, event.text), {
          response_time_ms: responseTime,
        });
      }
    }
    const expectedCode = target.expected_close_code;
    if (expectedCode !== null && expectedCode !== undefined) {
      // With a message sent, the check ends the conversation and the server's reply code counts;
      // without one, the server is expected to close by itself (e.g. a policy close).
      if (target.message !== null && target.message !== undefined) conn.close();
      let event = await conn.next();
      while (event.kind !== 'close') event = await conn.next();
      responseTime = elapsedMs(start);
      if (event.code !== expectedCode) {
        return downOutcome(`expected close code ${expectedCode}, got ${event.code}`, {
          response_time_ms: responseTime,
        });
      }
    }
    return upOutcome({ response_time_ms: responseTime });
  } catch (err) {
    if (err instanceof Refused && !deadline.signal.aborted) {
      return downOutcome(err.message, { status_code: err.statusCode, response_time_ms: elapsedMs(start) });
    }
    // Node's HTTP parser (llhttp) refused the answer to the upgrade request: not HTTP at all.
    if (!answered && !deadline.signal.aborted && errorCode(err)?.startsWith('HPE_')) {
      return downOutcome(notSpeaking('a WebSocket server'));
    }
    return downOutcome(describeError(err, deadline), {
      response_time_ms: answered && !deadline.signal.aborted ? elapsedMs(start) : null,
    });
  } finally {
    await conn?.end();
  }
}

interface Connection {
  socket: WebSocket;
  /** Settles once the upgrade succeeded or failed. */
  opened: Promise<void>;
  /** The next message or the close, in order of arrival. */
  next(): Promise<Event>;
  /** Sends a normal close (1000) if the socket is open. */
  close(): void;
  /** Closes politely within what is left of the deadline, then makes sure the socket is gone. */
  end(): Promise<void>;
}

function openSocket(
  WebSocket: typeof import('ws').default,
  target: CheckTarget,
  url: URL,
  deadline: Deadline,
  sockets: CheckSockets,
): Connection {
  const headers: Record<string, string> = { ...(target.headers ?? {}) };
  const basic = basicAuthorization(target, url);
  if (basic) headers.Authorization = basic;
  if (target.auth?.type === 'bearer') headers.Authorization = `Bearer ${target.auth.token}`;
  // Credentials go in the header above; ws would otherwise build its own from the URL's userinfo.
  const socket = new WebSocket(withoutUserinfo(url), {
    headers,
    rejectUnauthorized: target.ignore_tls_errors !== true,
    perMessageDeflate: false,
    followRedirects: false,
    maxPayload: MAX_PAYLOAD,
    // The check's own connection (ws' own net/tls connect, owned so it cannot outlive the check). ws
    // passes the URL's path as `path`, which net would take for a Unix socket.
    createConnection: ((opts: NetConnectOpts & ConnectionOptions) => {
      const options = { ...opts, path: undefined };
      if (url.protocol === 'ws:') return sockets.connect(options as NetConnectOpts);
      const host = options.host ?? '';
      return sockets.connectTls({ ...options, servername: options.servername ?? (isIP(host) ? '' : host) });
    }) as unknown as WebSocket.ClientOptions['createConnection'],
  });
  const queue: Event[] = [];
  let failure: unknown = null;
  let waiter: { resolve: (e: Event) => void; reject: (err: unknown) => void } | null = null;
  let closed = false;
  let onClosed: (() => void) | null = null;

  const fail = (err: unknown): void => {
    failure ??= err;
    waiter?.reject(failure);
    waiter = null;
  };
  const push = (event: Event): void => {
    if (waiter) {
      waiter.resolve(event);
      waiter = null;
    } else queue.push(event);
  };
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => {
      const code = res.statusCode ?? 0;
      const err =
        code === 401 ? new Refused('auth failed', code) : new Refused(`upgrade refused: HTTP ${code}`, code);
      reject(err);
      fail(err);
      socket.terminate();
    });
    socket.on('error', (err) => {
      reject(err);
      fail(err);
    });
    socket.once('close', () => reject(new Error('closed before the upgrade completed')));
  });
  // Handled by whoever awaits `opened`; this only keeps an early rejection from going unhandled.
  opened.catch(() => {});
  socket.on('message', (data, isBinary) => {
    const text = isBinary ? `(binary, ${rawLength(data)} bytes)` : rawText(data);
    push({ kind: 'message', text });
  });
  socket.once('close', (code) => {
    closed = true;
    push({ kind: 'close', code });
    onClosed?.();
  });
  const onAbort = (): void => {
    fail(deadline.signal.reason);
    socket.terminate();
  };
  deadline.signal.addEventListener('abort', onAbort, { once: true });

  return {
    socket,
    opened,
    next: () => {
      const event = queue.shift();
      if (event) return Promise.resolve(event);
      if (failure !== null) return Promise.reject(failure);
      return new Promise<Event>((resolve, reject) => {
        waiter = { resolve, reject };
      });
    },
    close: () => {
      if (socket.readyState === WebSocket.OPEN) socket.close(1000);
    },
    end: async () => {
      if (socket.readyState === WebSocket.OPEN) socket.close(1000);
      if (!closed && socket.readyState !== WebSocket.CONNECTING && !deadline.signal.aborted) {
        await new Promise<void>((resolve) => {
          onClosed = resolve;
          deadline.signal.addEventListener('abort', () => resolve(), { once: true });
        });
      }
      deadline.signal.removeEventListener('abort', onAbort);
      socket.terminate();
    },
  };
}

/**
 * A ws:// or wss:// URL. Unlike the other service URLs, a path and query string are part of the
 * endpoint (`wss://host/live?channel=x`), and ws applies the default ports itself.
 */
function parseWebsocketUrl(text: string): URL | string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'must be a URL: ws:// or wss://host[:port][/path]';
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
    return `must use ws:// or wss://, not ${url.protocol}//`;
  if (url.hostname === '') return 'the host is missing';
  if (url.hash !== '') return 'must not have a fragment';
  return url;
}

function rawText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return data instanceof ArrayBuffer ? Buffer.from(data).toString('utf8') : data.toString('utf8');
}

function rawLength(data: WebSocket.RawData): number {
  return Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
}

/** URL and field rules for websocket monitors (see validate.ts). */
export function validateWebsocket(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
): void {
  const where = parseWebsocketUrl(url);
  if (typeof where === 'string') add('url', where);
  const code = target.expected_close_code;
  if (code !== null && code !== undefined && (!Number.isInteger(code) || code < 1000 || code > 4999)) {
    add('expected_close_code', 'must be a WebSocket close code, 1000 to 4999');
  }
  for (const [name, value] of Object.entries(target.headers ?? {})) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) add(`headers.${name}`, 'is not a valid header name');
    else if (/[\r\n\0]/.test(value)) add(`headers.${name}`, 'must not contain line breaks');
  }
  if (target.auth?.type === 'basic' && !target.auth.username)
    add('auth.username', 'is required for basic auth');
  if (target.auth?.type === 'bearer' && !target.auth.token) add('auth.token', 'is required for bearer auth');
}

/** The websocket monitor type, as registry.ts lists it. */
export const websocketCheck: CheckType = {
  run: (target, { deadline, sockets }) => checkWebsocket(target, deadline, sockets),
  validate: validateWebsocket,
  library,
  service: { reads: ['expected_value', 'message', 'expected_close_code'], headers: true, bearer: true },
};
