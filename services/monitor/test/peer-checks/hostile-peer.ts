import { type AddressInfo, createServer, type Socket } from 'node:net';
import { countSockets, type SocketCount } from './socket-count.js';

/**
 * How a hostile peer treats each connection it accepts:
 * - `silent`: never says a word (every check times out);
 * - `slow`: dribbles GARBAGE, one byte every 100 ms, so the connection never goes idle;
 * - `garbage`: floods GARBAGE as fast as the client reads, forever (the red team's "malicious server").
 */
export type Behaviour = 'silent' | 'slow' | 'garbage';

/** What the red team's flooding server sent: an SMTP-like banner, then 64 KiB chunks with no newline. */
export const GARBAGE_HEAD = '220 ';
const CHUNK = Buffer.alloc(64 * 1024, 'A');
const DRIBBLE_MS = 100;

/** A TCP server on 127.0.0.1 that accepts connections and never speaks the client's protocol. */
export interface HostilePeer extends SocketCount {
  port: number;
  accepted(): number;
  close(): Promise<void>;
}

export async function startHostilePeer(behaviour: Behaviour = 'silent'): Promise<HostilePeer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    // Reads and drops what the client sends, so its FIN is seen and a closed connection shows as closed.
    socket.resume();
    socket.once('close', () => sockets.delete(socket));
    if (behaviour === 'slow') dribble(socket);
    if (behaviour === 'garbage') flood(socket);
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

function dribble(socket: Socket): void {
  const text = `${GARBAGE_HEAD}${'A'.repeat(1000)}`;
  let at = 0;
  const timer = setInterval(() => {
    if (socket.writable) socket.write(text[at++ % text.length]!);
  }, DRIBBLE_MS);
  socket.once('close', () => clearInterval(timer));
}

function flood(socket: Socket): void {
  socket.write(GARBAGE_HEAD);
  // Writes while the client keeps reading; waits for 'drain' when it stops, as a real flood would.
  const pump = (): void => {
    while (!socket.destroyed && socket.write(CHUNK));
  };
  socket.on('drain', pump);
  pump();
}
