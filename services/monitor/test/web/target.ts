import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP target whose answer the test flips; it counts the requests per path. */
export interface FlipTarget {
  origin: string;
  status: number;
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** Starts the target on 127.0.0.1 answering `status` (200 at first). */
export async function startFlipTarget(): Promise<FlipTarget> {
  const target: FlipTarget = { origin: '', status: 200, hits: new Map(), close: async () => {} };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    target.hits.set(path, (target.hits.get(path) ?? 0) + 1);
    res
      .writeHead(target.status, { 'content-type': 'text/plain' })
      .end(target.status === 200 ? 'ok' : 'broken');
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  target.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return target;
}
