import type { Socket } from 'node:net';
import {
  type CallCredentials,
  ChannelCredentials,
  type ChannelOptions,
  Client,
  credentials,
  status as grpcStatus,
  Metadata,
  type ServiceError,
} from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import type { Deadline } from './deadline.js';
import { describeError } from './errors.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { basicAuthorization, checkLine, parseUrlWithPort, quote } from './service-fields.js';
import type { CheckOutcome, CheckTarget } from './types.js';

const SCHEMES = ['grpc', 'grpcs'];
type SecureConnector = ReturnType<ChannelCredentials['_createSecureConnector']>;
const CHECK = healthService.Check!;

// One channel per check, closed after it: a private subchannel pool so closing the channel really
// closes its connection (the shared pool would keep it), no retries and no service-config DNS lookups.
const CHANNEL_OPTIONS: ChannelOptions = {
  'grpc.use_local_subchannel_pool': 1,
  'grpc.enable_retries': 0,
  'grpc.service_config_disable_resolution': 1,
  'grpc.enable_channelz': 0,
};

interface HealthCheckResponse {
  status?: string;
}

/**
 * Calls the standard `grpc.health.v1.Health/Check` for `service_name` (empty or null: the whole server)
 * over `grpc://` (plain) or `grpcs://` (TLS). `SERVING` is up; any other status is down with its name.
 */
export async function checkGrpc(target: CheckTarget, deadline: Deadline): Promise<CheckOutcome> {
  const where = parseUrlWithPort(target.url ?? '', SCHEMES);
  if (typeof where === 'string') return downOutcome(`invalid url: ${where}`);
  const address = where.host.includes(':') ? `[${where.host}]:${where.port}` : `${where.host}:${where.port}`;
  const sockets = new Set<Socket>();
  const channelCredentials = new SocketKeeper(
    where.scheme === 'grpcs'
      ? credentials.createSsl(null, null, null, { rejectUnauthorized: target.ignore_tls_errors !== true })
      : credentials.createInsecure(),
    sockets,
  );
  const serviceName = target.service_name ?? '';
  const start = performance.now();
  let client: Client | null = null;
  try {
    // Metadata refuses a header name gRPC cannot carry by throwing: a down outcome like any other.
    const metadata = callMetadata(target, where.url);
    client = new Client(address, channelCredentials, CHANNEL_OPTIONS);
    const channel = client;
    const reply = await new Promise<HealthCheckResponse>((resolve, reject) => {
      const call = channel.makeUnaryRequest(
        CHECK.path,
        CHECK.requestSerialize,
        CHECK.responseDeserialize,
        { service: serviceName },
        metadata,
        // grpc-js' own deadline only as a backstop, a second later: ours below cancels at the exact moment.
        { deadline: Date.now() + deadline.timeoutMs + 1000 },
        (err: ServiceError | null, value?: object) => {
          deadline.signal.removeEventListener('abort', onAbort);
          if (err) reject(err);
          else resolve((value ?? {}) as HealthCheckResponse);
        },
      );
      const onAbort = (): void => {
        call.cancel();
        reject(deadline.signal.reason);
      };
      if (deadline.signal.aborted) onAbort();
      else deadline.signal.addEventListener('abort', onAbort, { once: true });
    });
    const responseTime = elapsedMs(start);
    const status = reply.status ?? 'UNKNOWN';
    if (status === 'SERVING') return upOutcome({ response_time_ms: responseTime });
    return downOutcome(status, { response_time_ms: responseTime });
  } catch (err) {
    if (deadline.signal.aborted) return downOutcome(deadline.reason());
    return describeGrpcError(err, serviceName, start, deadline.timeoutMs);
  } finally {
    client?.close();
    await socketsClosed(sockets, deadline);
  }
}

/** The call's metadata: extra headers (names in lower case, as gRPC sends them) and the credentials. */
function callMetadata(target: CheckTarget, url: URL): Metadata {
  const metadata = new Metadata();
  for (const [name, value] of Object.entries(target.headers ?? {})) metadata.set(name.toLowerCase(), value);
  const basic = basicAuthorization(target, url);
  if (basic) metadata.set('authorization', basic);
  if (target.auth?.type === 'bearer') metadata.set('authorization', `Bearer ${target.auth.token}`);
  return metadata;
}

/**
 * Channel credentials that remember the sockets of the channel's connections. grpc-js closes a
 * connected transport on `client.close()`, but a connection still in its HTTP/2 handshake (a server
 * that accepts and never answers) is left open; the check destroys whatever is still open itself.
 */
class SocketKeeper extends ChannelCredentials {
  constructor(
    private readonly inner: ChannelCredentials,
    private readonly sockets: Set<Socket>,
  ) {
    super();
  }
  _isSecure(): boolean {
    return this.inner._isSecure();
  }
  _equals(other: ChannelCredentials): boolean {
    return other === this;
  }
  _createSecureConnector(...args: Parameters<ChannelCredentials['_createSecureConnector']>): SecureConnector {
    const connector = this.inner._createSecureConnector(...args);
    const keep = (socket: Socket): void => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    };
    return {
      connect: async (socket: Socket) => {
        keep(socket);
        const result = await connector.connect(socket);
        keep(result.socket);
        return result;
      },
      waitForReady: () => connector.waitForReady(),
      getCallCredentials: (): CallCredentials => connector.getCallCredentials(),
      destroy: () => connector.destroy(),
    };
  }
}

/** Lets the closing channel end its connections within what is left of the deadline, then destroys the rest. */
async function socketsClosed(sockets: Set<Socket>, deadline: Deadline): Promise<void> {
  const open = [...sockets].filter((s) => !s.closed);
  if (open.length > 0 && !deadline.signal.aborted) {
    await new Promise<void>((resolve) => {
      let left = open.length;
      for (const socket of open) {
        socket.once('close', () => {
          left--;
          if (left === 0) resolve();
        });
      }
      deadline.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
  for (const socket of sockets) socket.destroy();
}

/** The words for a failed call: the ones an operator acts on, with the gRPC status name otherwise. */
function describeGrpcError(
  err: unknown,
  serviceName: string,
  start: number,
  timeoutMs: number,
): CheckOutcome {
  if (!isServiceError(err)) return downOutcome(describeError(err));
  // A status from the server is an answer (it has a response time); UNAVAILABLE means no connection.
  const answered = { response_time_ms: elapsedMs(start) };
  switch (err.code) {
    case grpcStatus.UNAVAILABLE:
      return downOutcome(connectionError(err.details));
    case grpcStatus.DEADLINE_EXCEEDED:
      // The backstop deadline: only when the event loop was too busy for ours to fire first.
      return downOutcome(`timeout after ${timeoutMs} ms`);
    case grpcStatus.UNAUTHENTICATED:
      return downOutcome('auth failed', answered);
    case grpcStatus.PERMISSION_DENIED:
      return downOutcome('permission denied', answered);
    case grpcStatus.NOT_FOUND:
      // The health protocol's answer for a service name the server does not know.
      return downOutcome(`SERVICE_UNKNOWN: ${quote(serviceName)}`, answered);
    case grpcStatus.UNIMPLEMENTED:
      return downOutcome('the server does not implement grpc.health.v1.Health', answered);
    default:
      return downOutcome(`${grpcStatus[err.code] ?? err.code}: ${err.details}`, answered);
  }
}

/**
 * grpc-js reports a failed connection as `No connection established. Last error: Error: connect
 * ECONNREFUSED 127.0.0.1:1 (2026-…)`: keep the socket's own message, as the tcp check words it.
 */
function connectionError(details: string): string {
  const at = details.indexOf('Last error: ');
  if (at < 0) return details;
  return details
    .slice(at + 'Last error: '.length)
    .replace(/^\w*Error: /, '')
    .replace(/\. Resolution note:.*$/s, '')
    .replace(/ \(\d{4}-\d\d-\d\dT[^)]*\)$/, '');
}

function isServiceError(err: unknown): err is ServiceError {
  return err instanceof Error && typeof (err as Partial<ServiceError>).code === 'number' && 'details' in err;
}

/** URL and field rules for grpc monitors (see validate.ts). */
export function validateGrpc(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
): void {
  const where = parseUrlWithPort(url, SCHEMES);
  if (typeof where === 'string') add('url', where);
  else if (where.url.pathname !== '' && where.url.pathname !== '/') {
    add('url', 'must be grpc://host:port or grpcs://host:port, without a path');
  }
  if (target.service_name) checkLine(target.service_name, 'service_name', add);
  for (const [name, value] of Object.entries(target.headers ?? {})) {
    // gRPC metadata keys are lower-case tokens; `-bin` keys carry binary values a monitor cannot hold.
    if (!/^[0-9a-z_.-]+$/i.test(name) || name.toLowerCase().endsWith('-bin')) {
      add(`headers.${name}`, 'is not a valid gRPC metadata key (letters, digits, _ . -; not ending in -bin)');
    } else if (/[\r\n\0]/.test(value)) add(`headers.${name}`, 'must not contain line breaks');
  }
}
