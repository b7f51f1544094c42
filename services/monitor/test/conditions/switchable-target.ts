import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP target the test switches: every path answers `status` (200 or a failure) after
 * `delayMs`; `/slow` always waits `slowMs` first. A "router" being taken down is `status = 503`.
 */
export interface SwitchableTarget {
  origin: string;
  status: number;
  slowMs: number;
  close(): Promise<void>;
}

export async function startSwitchableTarget(): Promise<SwitchableTarget> {
  const state = { status: 200, slowMs: 0 };
  const server: Server = createServer((req, res) => {
    // The answer is decided when the request arrives: a switch while a slow answer is on its way
    // does not change that answer (the check started before the switch).
    const status = state.status;
    const answer = () => {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : 'unavailable');
    };
    if (req.url?.startsWith('/slow') && state.slowMs > 0) setTimeout(answer, state.slowMs);
    else answer();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get status() {
      return state.status;
    },
    set status(s: number) {
      state.status = s;
    },
    get slowMs() {
      return state.slowMs;
    },
    set slowMs(ms: number) {
      state.slowMs = ms;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
