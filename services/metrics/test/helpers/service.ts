import type { AddressInfo } from 'node:net';
import { readConfig } from '../../src/config.js';
import { createServer, type RunningServer } from '../../src/server.js';

/** A metrics service listening on loopback with its worker running, for HTTP tests. */
export interface TestService {
  url: string;
  server: RunningServer;
  close(): Promise<void>;
}

/** Starts the real service in this process with `env` as its whole environment (plus test-friendly defaults). */
export async function startService(
  env: Record<string, string | undefined>,
  opts: { worker?: boolean } = {},
): Promise<TestService> {
  const config = readConfig({
    LOG_LEVEL: 'silent',
    ANALYSIS_THREADS: '1',
    PYLINT_JOBS: '1',
    // bandit is the subject of test/code-health and pipeline/bandit only; elsewhere it would add a
    // process per run and make the `linting` stage appear or not by a race with pyscan.
    BANDIT_ENABLED: 'false',
    POLL_INTERVAL_MS: '200',
    HOST: '127.0.0.1',
    PORT: '0',
    ...env,
  });
  const server = await createServer(config);
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  if (opts.worker !== false) server.startWorker();
  const { port } = server.app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, close: () => server.close() };
}

/** JSON of a response, with its status. */
export async function json<T = Record<string, unknown>>(
  res: Response,
): Promise<{ status: number; body: T; headers: Headers }> {
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

/** POSTs an analysis request and returns the response. */
export function postAnalysis(base: string, body: unknown): Promise<Response> {
  return fetch(`${base}/api/analyses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Polls an analysis until it is done, failed or cancelled (the stream is tested on its own). */
export async function waitFinished(
  base: string,
  id: number,
  timeoutMs = 120_000,
): Promise<Record<string, unknown>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = (await (await fetch(`${base}/api/analyses/${id}`)).json()) as Record<string, unknown>;
    if (r.status === 'done' || r.status === 'failed' || r.status === 'cancelled') return r;
    if (Date.now() > end) throw new Error(`analysis ${id} still ${String(r.status)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Parses CSV text (RFC 4180, as the service writes it) into records keyed by the header. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r') {
      // part of CRLF
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  const [header = [], ...records] = rows;
  return records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** The header line of a CSV text. */
export const csvHeader = (text: string): string[] => (text.split('\r\n')[0] ?? '').split(',');
