import { type AddressInfo, createServer, type Socket } from 'node:net';
import { countSockets, type SocketCount } from './socket-count.js';

/** A TCP server on 127.0.0.1 that accepts connections and never says a word: every check times out. */
export interface BlackHole extends SocketCount {
  port: number;
  accepted(): number;
  close(): Promise<void>;
}

export async function startBlackHole(): Promise<BlackHole> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    // Reads and drops what the client sends, so its FIN is seen and a closed connection shows as closed.
    socket.resume();
    socket.once('close', () => sockets.delete(socket));
  });
  const count = countSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ...count,
    port: (server.address() as AddressInfo).port,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
