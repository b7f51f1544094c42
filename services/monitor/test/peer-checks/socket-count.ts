import type { Server } from 'node:net';

/** Counts a server's open TCP connections and resolves when none is left. */
export interface SocketCount {
  open(): number;
  /** Resolves once every connection accepted so far has closed (at once when none is open). */
  drained(): Promise<void>;
  /** As drained(), but rejects, saying how many are still open, when that takes longer than `ms`. */
  drainedWithin(ms: number): Promise<void>;
}

/** Watches `server`'s connections: how a test proves the check closed its socket, not just returned. */
export function countSockets(server: Server): SocketCount {
  let open = 0;
  let waiters: (() => void)[] = [];
  server.on('connection', (socket) => {
    open++;
    socket.once('close', () => {
      open--;
      if (open === 0) {
        for (const w of waiters) w();
        waiters = [];
      }
    });
  });
  const drained = () =>
    open === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
  return {
    open: () => open,
    drained,
    drainedWithin: async (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${open} connection(s) still open after ${ms} ms`)), ms);
      });
      try {
        await Promise.race([drained(), late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
