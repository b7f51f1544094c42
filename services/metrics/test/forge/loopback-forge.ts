// A loopback stand-in for GitHub's REST API: exactly the three endpoints the service calls, with the
// request shapes of GitHub's documentation (POST statuses, POST issue comments, PATCH an issue
// comment); any other request is a 404 and recorded, so a test sees it.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForgeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface LoopbackForge {
  url: string;
  requests: ForgeRequest[];
  /** Resolves once `n` requests in all have arrived. */
  waitFor(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function startLoopbackForge(): Promise<LoopbackForge> {
  const requests: ForgeRequest[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let nextComment = 9000;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        body = { unparsable: true };
      }
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/statuses\/[0-9a-f]{40}$/.test(path)) {
        send(201, {
          id: requests.length,
          state: body.state,
          context: body.context,
          description: body.description,
        });
      } else if (req.method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments$/.test(path)) {
        send(201, { id: nextComment++, body: body.body });
      } else if (req.method === 'PATCH' && /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/\d+$/.test(path)) {
        send(200, { id: Number(path.split('/').at(-1)), body: body.body });
      } else send(404, { message: 'Not Found' });
      for (const w of waiters.filter((x) => requests.length >= x.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    waitFor: (n) =>
      requests.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve })),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
