// The loopback peers of the leak benchmark: a black hole (accepts, never answers), an SMTP server offering STARTTLS, a WebSocket echo
// server and a gRPC server with the standard health service. Each counts the connections it
// holds open, so a checker that forgets to close shows here as well as in the process's fds.
import { createServer as createHttpServer } from 'node:http';
import {
  type AddressInfo,
  createServer as createNetServer,
  type Server as NetServer,
  type Socket,
} from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { SMTPServer } from 'smtp-server';
import { WebSocketServer } from 'ws';
import { makeCert } from '../../services/monitor/test/peers/certs.js';

export interface Peer {
  port: number;
  /** Connections open at the peer now. */
  open(): number;
  close(): Promise<void>;
}

function tracked(server: NetServer): () => number {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  return () => sockets.size;
}

/** A TCP listener on 127.0.0.1 that accepts and never says a word: every check of it times out. */
export async function startBlackHole(): Promise<Peer> {
  // Reads (and drops) what arrives, so a client's FIN is seen and the socket closes with it.
  const server = createNetServer((s) => s.on('error', () => {}).resume());
  const open = tracked(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    open,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** An SMTP server on 127.0.0.1 with STARTTLS (self-signed certificate, 60 days left). */
export async function startSmtpPeer(): Promise<Peer> {
  const cert = await makeCert(60);
  const server = new SMTPServer({
    key: cert.key,
    cert: cert.cert,
    authOptional: true,
    logger: false,
    banner: 'bench mail',
    onData(stream, _session, cb) {
      stream.resume();
      stream.on('end', () => cb());
    },
  });
  server.on('error', () => {});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const net = (server as unknown as { server: NetServer }).server;
  // Its own session set: after STARTTLS the plain socket hands its handle to the TLS one and never
  // reports 'close' itself, so counting raw sockets would show every upgraded session as open.
  const sessions = (server as unknown as { connections: Set<unknown> }).connections;
  return {
    port: (net.address() as AddressInfo).port,
    open: () => sessions.size,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A WebSocket server on 127.0.0.1 that echoes every text message. */
export async function startWebsocketPeer(): Promise<Peer> {
  const wss = new WebSocketServer({ noServer: true });
  const server = createHttpServer((_req, res) => res.writeHead(426).end());
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
      ws.on('error', () => {});
    }),
  );
  const open = tracked(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    open,
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A gRPC server on 127.0.0.1: the whole server SERVING, service `sick` NOT_SERVING. */
export async function startGrpcPeer(): Promise<Peer> {
  const server = new grpc.Server();
  new HealthImplementation({ '': 'SERVING', sick: 'NOT_SERVING' }).addToServer(server);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  // grpc-js keeps its sockets to itself: the open count comes from the channelz-free session map.
  const sessions = (server as unknown as { sessions?: Map<unknown, unknown> }).sessions;
  return {
    port,
    open: () => sessions?.size ?? -1,
    close: () => new Promise<void>((r) => server.tryShutdown(() => r())),
  };
}
