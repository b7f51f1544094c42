import { type AddressInfo, connect, createServer } from 'node:net';
import {
  type handleUnaryCall,
  Server,
  ServerCredentials,
  type ServiceDefinition,
  status,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';
import type { TestCert } from '../peers/index.js';
import { countSockets, type SocketCount } from './socket-count.js';

/**
 * A gRPC server on 127.0.0.1 with the standard health service (grpc-health-check's implementation).
 * `port` is a counting TCP relay in front of it, so a test sees the check's connection close.
 * With `token`, every call must carry `authorization: <token>` or fails UNAUTHENTICATED.
 */
export interface GrpcPeer extends SocketCount {
  port: number;
  setStatus(service: string, status: ServingStatus): void;
  close(): Promise<void>;
}

export async function startGrpcPeer(
  options: { cert?: TestCert; authorization?: string; statuses?: Record<string, ServingStatus> } = {},
): Promise<GrpcPeer> {
  const health = new HealthImplementation({ '': 'SERVING', ...options.statuses });
  const server = new Server();
  const wanted = options.authorization;
  health.addToServer({
    addService: (service, implementation) =>
      server.addService(
        service as ServiceDefinition,
        wanted ? guarded(implementation, wanted) : implementation,
      ),
  });
  const credentials = options.cert
    ? ServerCredentials.createSsl(null, [
        { private_key: Buffer.from(options.cert.key), cert_chain: Buffer.from(options.cert.cert) },
      ])
    : ServerCredentials.createInsecure();
  const grpcPort = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', credentials, (err, port) => (err ? reject(err) : resolve(port))),
  );
  const relay = createServer((client) => {
    const upstream = connect(grpcPort, '127.0.0.1');
    // gRPC sets no-delay on its own sockets; the relay must not add Nagle's delay in between.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const count = countSockets(relay);
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    ...count,
    port: (relay.address() as AddressInfo).port,
    setStatus: (service, s) => health.setStatus(service, s),
    close: async () => {
      server.forceShutdown();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}

/** The Check handler refusing calls without the expected `authorization` metadata. */
function guarded(implementation: UntypedServiceImplementation, wanted: string): UntypedServiceImplementation {
  const check = implementation.check as handleUnaryCall<object, object>;
  const guardedCheck: handleUnaryCall<object, object> = (call, callback) => {
    if (call.metadata.get('authorization')[0] !== wanted) {
      callback({ code: status.UNAUTHENTICATED, details: 'who are you?' });
      return;
    }
    check(call, callback);
  };
  return { ...implementation, check: guardedCheck };
}
