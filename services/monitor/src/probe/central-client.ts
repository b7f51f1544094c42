import { gzip } from 'node:zlib';
import type {
  ProbeAssignmentsResponse,
  ProbeHeartbeat,
  ProbeHeartbeatResponse,
  ProbeResultsBatch,
  ProbeResultsResponse,
} from '../shared-types/probe-protocol.js';

/** How long one call to the central instance may take before it counts as failed. */
const CALL_TIMEOUT_MS = 15_000;

/**
 * A call the central instance did not answer with success: `status` null when it could not be
 * reached at all. `retryable` says whether sending the same thing again can succeed (network,
 * 5xx, 429, and 401/403 too: a token may be fixed on the central side without restarting us).
 */
export class CentralError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'CentralError';
  }
}

/** The probe endpoints of the central instance (`/api/probe/*`), with the probe token. */
export class CentralClient {
  private readonly base: string;

  constructor(
    serverUrl: string,
    private readonly token: string,
  ) {
    this.base = serverUrl.replace(/\/+$/, '');
  }

  /** Everything assigned to this probe's location, or only `ids` (the rest listed as removed). */
  assignments(ids?: number[], cancel?: AbortSignal): Promise<ProbeAssignmentsResponse> {
    const query = ids ? `?ids=${ids.join(',')}` : '';
    return this.call<ProbeAssignmentsResponse>('GET', `/api/probe/assignments${query}`, undefined, cancel);
  }

  /** Opens the assignment stream (SSE); the caller reads the body and aborts `signal` to stop. */
  async stream(signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const res = await this.fetch(
      'GET',
      '/api/probe/stream',
      { accept: 'text/event-stream' },
      undefined,
      signal,
    );
    if (!res.body) throw new CentralError('the assignment stream has no body', res.status, true);
    return res.body;
  }

  /** Sends a batch of results, gzipped; `cancel` gives up early (a stop). */
  async postResults(batch: ProbeResultsBatch, cancel?: AbortSignal): Promise<ProbeResultsResponse> {
    const body = await gzipped(JSON.stringify(batch));
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    const res = await this.fetch('POST', '/api/probe/results', headers, body, bounded(cancel));
    return (await res.json()) as ProbeResultsResponse;
  }

  heartbeat(beat: ProbeHeartbeat, cancel?: AbortSignal): Promise<ProbeHeartbeatResponse> {
    return this.call<ProbeHeartbeatResponse>('POST', '/api/probe/heartbeat', beat, cancel);
  }

  private async call<T>(method: string, path: string, json?: unknown, cancel?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = json === undefined ? {} : { 'content-type': 'application/json' };
    const body = json === undefined ? undefined : JSON.stringify(json);
    const res = await this.fetch(method, path, headers, body, bounded(cancel));
    return (await res.json()) as T;
  }

  private async fetch(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | Buffer | undefined,
    signal: AbortSignal,
  ): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: { ...headers, authorization: `Bearer ${this.token}` },
        body,
        signal,
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
      throw new CentralError(`${method} ${path}: central instance unreachable (${why})`, null, true);
    }
    if (res.ok) return res;
    const text = await res.text().catch(() => '');
    const code = problemCode(text);
    const retryable = res.status >= 500 || res.status === 429 || res.status === 401 || res.status === 403;
    throw new CentralError(
      `${method} ${path}: ${res.status}${code ? ` ${code}` : ''}`,
      res.status,
      retryable,
    );
  }
}

// Every call but the stream is bounded in time, and may be cut short by the caller.
function bounded(cancel: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
  return cancel ? AbortSignal.any([timeout, cancel]) : timeout;
}

function gzipped(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => gzip(text, (err, out) => (err ? reject(err) : resolve(out))));
}

// The `code` of a problem-details answer, for the log line.
function problemCode(text: string): string | null {
  try {
    const body = JSON.parse(text) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : null;
  } catch {
    return null;
  }
}
