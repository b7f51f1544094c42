import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a path demands: the exact header values, by lower-case name. */
export type Demands = Record<string, Record<string, string>>;

/**
 * A loopback HTTP server that answers 200 only when a request carries the headers its path
 * demands, 401 otherwise; it keeps every request's headers so tests can see what arrived.
 */
export async function startAuthTarget(demands: Demands) {
  const seen: { path: string; url: string; headers: IncomingMessage['headers'] }[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    seen.push({ path, url: req.url ?? '', headers: req.headers });
    const want = demands[path] ?? {};
    const ok = Object.entries(want).every(([name, value]) => req.headers[name] === value);
    res.writeHead(ok ? 200 : 401, { 'content-type': 'text/plain' }).end(ok ? 'ok' : 'denied');
    req.resume();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export const basic = (user: string, pass: string) =>
  `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
