import type { Socket } from 'node:net';
import type {
  CallCredentials,
  ChannelCredentials,
  ChannelOptions,
  Client,
  Metadata,
  ServiceError,
} from '@grpc/grpc-js';
import type { CheckSockets } from './check-sockets.js';
import type { CheckType } from './check-type.js';
import type { Deadline } from './deadline.js';
import { describeError } from './errors.js';
import { notSpeaking } from './greeting.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { basicAuthorization, checkLine, parseUrlWithPort, quote } from './service-fields.js';
import type { CheckOutcome, CheckTarget } from './types.js';

/** The client library, loaded on the first check of the type (issue 29; see CheckType.library). */
const library = () => Promise.all([import('@grpc/grpc-js'), import('grpc-health-check')]);

const SCHEMES = ['grpc', 'grpcs'];
type SecureConnector = ReturnType<ChannelCredentials['_createSecureConnector']>;
type Grpc = typeof import('@grpc/grpc-js');

interface GrpcParts {
  grpc: Grpc;
  check: NonNullable<typeof import('grpc-health-check')['service']['Check']>;
  SocketKeeper: ReturnType<typeof socketKeeperClass>;
}
let loaded: Promise<GrpcParts> | undefined;

/** grpc-js, the health service and the credentials class, made once on the first grpc check. */
function grpcParts(): Promise<GrpcParts> {
  loaded ??= library().then(([grpc, health]) => ({
    grpc,
    check: health.service.Check!,
    SocketKeeper: socketKeeperClass(grpc.ChannelCredentials),
  }));
  return loaded;
}

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
export async function checkGrpc(
  target: CheckTarget,
  deadline: Deadline,
  sockets: CheckSockets,
): Promise<CheckOutcome> {
  const where = parseUrlWithPort(target.url ?? '', SCHEMES);
  if (typeof where === 'string') return downOutcome(`invalid url: ${where}`);
  const address = where.host.includes(':') ? `[${where.host}]:${where.port}` : `${where.host}:${where.port}`;
  const { grpc, check: CHECK, SocketKeeper } = await grpcParts();
  const { credentials } = grpc;
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
    const metadata = callMetadata(grpc, target, where.url);
    client = new grpc.Client(address, channelCredentials, CHANNEL_OPTIONS);
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
    return describeGrpcError(grpc, err, serviceName, start, deadline.timeoutMs);
  } finally {
    // Closing lets connected transports end within what is left of the deadline; runCheck then
    // destroys whatever is still open (a connection still in its HTTP/2 handshake is left by grpc-js).
    client?.close();
    await sockets.closed(deadline.signal);
  }
}

/** The call's metadata: extra headers (names in lower case, as gRPC sends them) and the credentials. */
function callMetadata(grpc: Grpc, target: CheckTarget, url: URL): Metadata {
  const metadata = new grpc.Metadata();
  for (const [name, value] of Object.entries(target.headers ?? {})) metadata.set(name.toLowerCase(), value);
  const basic = basicAuthorization(target, url);
  if (basic) metadata.set('authorization', basic);
  if (target.auth?.type === 'bearer') metadata.set('authorization', `Bearer ${target.auth.token}`);
  return metadata;
}

/**
 * Channel credentials that make the channel's connections the check's (see CheckSockets), and refuse
 * to connect once the check is over: a subchannel whose handshake failed (a server speaking something
 * else) reconnects after its backoff even when its channel was closed, a connection nobody would end.
 */
function socketKeeperClass(Base: Grpc['ChannelCredentials']) {
  return class SocketKeeper extends Base {
    constructor(
      private readonly inner: ChannelCredentials,
      private readonly sockets: CheckSockets,
    ) {
      super();
    }
    _isSecure(): boolean {
      return this.inner._isSecure();
    }
    _equals(other: ChannelCredentials): boolean {
      return other === this;
    }
    _createSecureConnector(
      ...args: Parameters<ChannelCredentials['_createSecureConnector']>
    ): SecureConnector {
      const connector = this.inner._createSecureConnector(...args);
      const over = (): Error => new Error('the check is over');
      return {
        connect: async (socket: Socket) => {
          this.sockets.own(socket);
          if (this.sockets.ended) throw over();
          const result = await connector.connect(socket);
          this.sockets.own(result.socket);
          return result;
        },
        waitForReady: () => (this.sockets.ended ? Promise.reject(over()) : connector.waitForReady()),
        getCallCredentials: (): CallCredentials => connector.getCallCredentials(),
        destroy: () => connector.destroy(),
      };
    }
  };
}

/** The words for a failed call: the ones an operator acts on, with the gRPC status name otherwise. */
function describeGrpcError(
  { status: grpcStatus }: Grpc,
  err: unknown,
  serviceName: string,
  start: number,
  timeoutMs: number,
): CheckOutcome {
  if (!isServiceError(err)) return downOutcome(describeError(err));
  // A status from the server is an answer (it has a response time); UNAVAILABLE means no connection.
  const answered = { response_time_ms: elapsedMs(start) };
  switch (err.code) {
    case grpcStatus.UNAVAILABLE: {
      const cause = connectionError(err.details);
      // nghttp2's words for a peer that broke HTTP/2 before any answer: not a gRPC (HTTP/2) server.
      return downOutcome(cause === 'Protocol error' ? notSpeaking('a gRPC server') : cause);
    }
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

/** The grpc monitor type, as registry.ts lists it. */
export const grpcCheck: CheckType = {
  run: (target, { deadline, sockets }) => checkGrpc(target, deadline, sockets),
  validate: validateGrpc,
  library,
  service: { reads: ['service_name'], headers: true, bearer: true },
};
