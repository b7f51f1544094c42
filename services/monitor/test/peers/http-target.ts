import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TestCert } from './certs.js';

/** A request the target saw. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A running target server on 127.0.0.1. */
export interface HttpTarget {
  /** `http://127.0.0.1:PORT` or `https://127.0.0.1:PORT`, without a trailing slash. */
  origin: string;
  port: number;
  requests: SeenRequest[];
  /** HTTPS only: serves this certificate to new connections from now on (a renewal). */
  useCert(tls: TestCert): void;
  close(): Promise<void>;
}

/**
 * Starts an HTTP (or, given a certificate, HTTPS) server on 127.0.0.1 whose behaviour the path picks:
 *
 * - `/echo`: 200 with JSON `{method, path, headers, body}` of the request;
 * - `/hang`: never answers; `/hang-body`: sends 200 headers and part of a body, then stalls;
 * - `/drop`: closes the connection without answering;
 * - `/redirect/N`: a 302 chain of N hops ending at `/redirect/0`, which answers 200 `arrived`;
 * - `/to?location=URL&code=301`: one redirect to URL;
 * - anything else: `?status=503&delay=ms&body=text&type=content/type` (defaults 200, no delay, `ok`).
 */
export async function startHttpTarget(tls?: TestCert): Promise<HttpTarget> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      respond(seen, res);
    });
  };
  const server: Server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert }, handler)
    : createHttpServer(handler);
  const connectionEvent = tls ? 'secureConnection' : 'connection';
  server.on(connectionEvent, (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    requests,
    useCert: (next) => {
      if (!tls) throw new Error('useCert needs an HTTPS target');
      (server as ReturnType<typeof createHttpsServer>).setSecureContext({ key: next.key, cert: next.cert });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function respond(req: SeenRequest, res: ServerResponse): void {
  const url = new URL(req.path, 'http://target');
  const path = url.pathname;
  if (path === '/hang') return;
  if (path === '/drop') {
    res.socket?.destroy();
    return;
  }
  if (path === '/hang-body') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('partial');
    return;
  }
  if (path === '/echo') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req));
    return;
  }
  const hops = /^\/redirect\/(\d+)$/.exec(path);
  if (hops) {
    const left = Number(hops[1]);
    if (left === 0) res.writeHead(200).end('arrived');
    else res.writeHead(302, { location: `/redirect/${left - 1}` }).end();
    return;
  }
  if (path === '/to') {
    const code = Number(url.searchParams.get('code') ?? 302);
    res.writeHead(code, { location: url.searchParams.get('location') ?? '/' }).end();
    return;
  }
  const status = Number(url.searchParams.get('status') ?? 200);
  const delay = Number(url.searchParams.get('delay') ?? 0);
  const body = url.searchParams.get('body') ?? 'ok';
  const type = url.searchParams.get('type') ?? 'text/plain';
  setTimeout(() => {
    if (!res.destroyed)
      res.writeHead(status, { 'content-type': type }).end(req.method === 'HEAD' ? undefined : body);
  }, delay);
}
