import { TLSSocket } from 'node:tls';
import { Agent, buildConnector } from 'undici';
import { parseCertDate } from './cert-days.js';

/*
 * Process-wide keep-alive agents shared by every HTTP check, one per TLS mode (verifying or not) and
 * source address (a probe bound to PROBE_SOURCE_ADDRESS; none: the system's choice): undici pools
 * connections per origin inside each, so thousands of monitors on a few origins reuse a handful of
 * sockets instead of paying a TCP and TLS handshake per check.
 *
 * undici does not expose the socket behind a response, so the certificate expiry is captured when a TLS
 * connection is made and kept per origin while connections to it are open (and a minute after).
 */

interface CertEntry {
  validTo: number;
  sockets: number;
}

const certByOrigin = new Map<string, CertEntry>();

// Bounds a connect that nobody waits for any more: the check itself gives up at its own deadline.
const CONNECT_TIMEOUT_MS = 30_000;
const FORGET_AFTER_MS = 60_000;

function originKey(hostname: string, port: string | number): string {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return `${host.toLowerCase()}:${port || 443}`;
}

function remember(key: string, socket: TLSSocket): void {
  const validTo = parseCertDate(socket.getPeerCertificate().valid_to ?? '');
  if (validTo === null) return;
  const entry = certByOrigin.get(key);
  if (entry) {
    entry.validTo = validTo;
    entry.sockets++;
  } else {
    certByOrigin.set(key, { validTo, sockets: 1 });
  }
  socket.once('close', () => {
    const current = certByOrigin.get(key);
    if (!current || --current.sockets > 0) return;
    // Kept a little after the last connection closes: a response read off a connection the server
    // closed right away must still find its certificate.
    setTimeout(() => {
      if (certByOrigin.get(key) === current && current.sockets <= 0) certByOrigin.delete(key);
    }, FORGET_AFTER_MS).unref();
  });
}

function makeAgent(rejectUnauthorized: boolean, localAddress: string | undefined): Agent {
  const base = buildConnector({ rejectUnauthorized, timeout: CONNECT_TIMEOUT_MS });
  const connect: buildConnector.connector = (opts, callback) => {
    base(localAddress ? { ...opts, localAddress } : opts, (...args) => {
      const socket = args[1];
      if (socket instanceof TLSSocket) remember(originKey(opts.hostname, opts.port), socket);
      callback(...args);
    });
  };
  // Idle sockets live 4 s (or less if the server says so): long enough for monitors sharing an origin
  // to reuse them, short enough that thousands of distinct origins do not pile up idle descriptors.
  return new Agent({ connect, keepAliveTimeout: 4_000, keepAliveMaxTimeout: 30_000 });
}

const agents = new Map<string, Agent>();

/**
 * The shared agent for checks that verify certificates (`strict`) or ignore TLS errors, connecting
 * from `localAddress` (undefined: the default address).
 */
export function httpAgent(strict: boolean, localAddress?: string): Agent {
  const key = `${strict ? 'strict' : 'lenient'}|${localAddress ?? ''}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = makeAgent(strict, localAddress || undefined);
    agents.set(key, agent);
  }
  return agent;
}

/** Expiry (ms) of the certificate last seen on a connection to this https URL's origin. */
export function certValidTo(url: URL): number | null {
  return certByOrigin.get(originKey(url.hostname, url.port))?.validTo ?? null;
}

/** Closes the shared agents (for a clean shutdown and at the end of tests). */
export async function closeHttpAgents(): Promise<void> {
  const open = [...agents.values()];
  agents.clear();
  await Promise.all(open.map((a) => a.close()));
}
