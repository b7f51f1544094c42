import type { Duplex } from 'node:stream';

/** What watchGreeting found: whether the server's first bytes were refused. */
export interface Greeting {
  refused(): boolean;
}

/**
 * Watches the first `size` bytes a server sends on `socket`; when `fits` refuses them, the socket is
 * destroyed at once. A server speaking another protocol then fails the check in the checker's own words
 * ("not a PostgreSQL server: …") rather than the client library buffering its flood until the deadline
 * (pg read a 541 MB "message" length) or failing with its internals (mysql2's `offset out of range`).
 * Attach it before the client reads the socket, so it sees each chunk first.
 */
export function watchGreeting(socket: Duplex, size: number, fits: (head: Buffer) => boolean): Greeting {
  let head = Buffer.alloc(0);
  let refused = false;
  const onData = (chunk: Buffer): void => {
    head = Buffer.concat([head, chunk]);
    if (head.length < size) return;
    socket.off('data', onData);
    if (!fits(head.subarray(0, size))) {
      refused = true;
      socket.destroy();
    }
  };
  socket.on('data', onData);
  return { refused: () => refused };
}

/** The down message of a server that does not speak the protocol it was checked for: `a MySQL server`. */
export function notSpeaking(server: string): string {
  return `not ${server}: protocol error during handshake`;
}
