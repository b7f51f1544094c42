/**
 * Real loopback peers for monitor tests, all bound to 127.0.0.1 on a free port:
 * an HTTP(S) target with chosen codes, delays, bodies and redirects (http-target.ts), self-signed
 * certificates with a chosen expiry (certs.ts), a TCP listener and a refused port (tcp-listener.ts),
 * and a UDP DNS server for a small zone (dns-server.ts).
 */
export { makeCert, type TestCert } from './certs.js';
export { type DnsServer, startDnsServer, type ZoneEntry } from './dns-server.js';
export { type HttpTarget, type SeenRequest, startHttpTarget } from './http-target.js';
export { closedPort, startTcpListener, type TcpListener } from './tcp-listener.js';
