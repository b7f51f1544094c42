import { type NetConnectOpts, connect as netConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type ConnectionOptions, type TLSSocket, connect as tlsConnect } from 'node:tls';

/**
 * The connections of one check, torn down for sure when it ends (issue 29).
 *
 * Client libraries close their sockets in their own time and not on every path: grpc-js reconnects
 * after a failed handshake although its channel was closed, mqtt.js ignores a forced end() while a
 * polite one is under way, ioredis and amqplib end() rather than destroy. So every checker hands its
 * client a socket made or adopted here (or `signal`, for a client that makes its own), and runCheck
 * calls end() when the deadline passes and again when the check returns: whatever the library does
 * next, the server sees the connection closed at once and nothing reconnects.
 */
export class CheckSockets {
  readonly #open = new Set<Duplex>();
  readonly #ending = new AbortController();

  /** Aborts when the check ends: for a client that takes a signal for the socket it makes (amqplib). */
  get signal(): AbortSignal {
    return this.#ending.signal;
  }

  /** True once the check ended: a client must not open anything any more. */
  get ended(): boolean {
    return this.#ending.signal.aborted;
  }

  /** Makes `socket` the check's: destroyed when the check ends, at once if it already has. */
  own<T extends Duplex>(socket: T): T {
    if (this.ended) {
      socket.destroy();
      return socket;
    }
    this.#open.add(socket);
    socket.once('close', () => this.#open.delete(socket));
    return socket;
  }

  /** A TCP connection owned by the check (net.connect). */
  connect(opts: NetConnectOpts): Socket {
    return this.own(netConnect(opts));
  }

  /** A TLS connection owned by the check (tls.connect), also over a socket of its own (STARTTLS). */
  connectTls(opts: ConnectionOptions): TLSSocket {
    // The TLS socket takes over the handle of the socket it wraps: destroying both would close that
    // handle twice (a crash), so only the TLS one is kept.
    if (opts.socket) this.#open.delete(opts.socket);
    return this.own(tlsConnect(opts));
  }

  /**
   * Resolves once every socket of the check has closed, or when `signal` aborts: how a checker lets a
   * polite close (a close frame, DISCONNECT) finish within what is left of its deadline.
   */
  closed(signal: AbortSignal): Promise<void> {
    if (this.#open.size === 0 || signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const sockets = [...this.#open];
      let left = sockets.length;
      const done = (): void => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      for (const socket of sockets) {
        socket.once('close', () => {
          if (--left === 0) done();
        });
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /** Destroys every socket of the check and aborts `signal`; safe to call more than once. */
  end(): void {
    this.#ending.abort();
    for (const socket of this.#open) socket.destroy();
    this.#open.clear();
  }
}
