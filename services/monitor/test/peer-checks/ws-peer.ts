import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { TestCert } from '../peers/index.js';
import { countSockets, type SocketCount } from './socket-count.js';

/**
 * A WebSocket server on 127.0.0.1 whose path picks its behaviour:
 * `/echo` echoes every message; `/hello` says "hello" once open; `/policy` closes at once with 1008;
 * `/crash` closes with 1011 on the first message; `/private` wants Basic `monitor:<password>` (401 otherwise);
 * `/silent` accepts and never answers; anything else is refused with 404.
 */
export interface WsPeer extends SocketCount {
  port: number;
  /** Authorization headers of the upgrade requests, in order. */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

export const WS_USER = 'monitor';
export const WS_PASSWORD = 's3cret';

const PATHS = new Set(['/echo', '/hello', '/policy', '/crash', '/private', '/silent']);

export async function startWsPeer(cert?: TestCert, password = WS_PASSWORD): Promise<WsPeer> {
  const server: Server = cert ? createHttpsServer({ key: cert.key, cert: cert.cert }) : createHttpServer();
  const count = countSockets(server);
  const authorizations: (string | undefined)[] = [];
  const expected = `Basic ${Buffer.from(`${WS_USER}:${password}`).toString('base64')}`;
  const wss = new WebSocketServer({
    server,
    verifyClient: (info, done) => {
      const path = info.req.url ?? '';
      authorizations.push(info.req.headers.authorization);
      if (!PATHS.has(path)) done(false, 404);
      else if (path === '/private' && info.req.headers.authorization !== expected) done(false, 401);
      else done(true);
    },
  });
  wss.on('connection', (ws, req) => {
    switch (req.url) {
      case '/echo':
      case '/private':
        ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
        break;
      case '/hello':
        ws.send('hello');
        break;
      case '/policy':
        ws.close(1008, 'go away');
        break;
      case '/crash':
        ws.once('message', () => ws.close(1011, 'internal error'));
        break;
      default:
        break;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ...count,
    port: (server.address() as AddressInfo).port,
    authorizations,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
