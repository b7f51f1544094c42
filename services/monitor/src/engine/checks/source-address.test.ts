import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createServer as createTlsServer } from 'node:tls';
import { needTool } from '@app/kit/testing';
import { decode, encode } from 'dns-packet';
import { makeCert } from '../../../test/peers/certs.js';
import { type CheckTarget, closeHttpAgents, runCheck } from './index.js';

/*
 * runCheck's `localAddress` (a probe's PROBE_SOURCE_ADDRESS): real servers on 127.0.0.1 report the
 * address each connection came from. All of 127.0.0.0/8 is local on Linux, so any of it can be bound.
 */

const A = '127.0.0.3';
const B = '127.0.0.4';

function target(monitor_type: CheckTarget['monitor_type'], url: string): CheckTarget {
  return { monitor_type, url, timeout_seconds: 2 };
}

async function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

describe('checks from a source address', () => {
  const seen: string[] = [];
  const httpServer = createHttpServer((req, res) => {
    // The answer names the caller, so the check's keyword assertion proves it too.
    res.end(`from ${req.socket.remoteAddress}`);
  });
  const tcpServer = createTcpServer((socket) => {
    seen.push(`tcp ${socket.remoteAddress}`);
    socket.destroy();
  });
  const smtpServer = createTcpServer((socket) => {
    seen.push(`smtp ${socket.remoteAddress}`);
    socket.on('error', () => {});
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      const line = chunk.toString('utf8').trim().toUpperCase();
      if (line.startsWith('EHLO')) socket.write('250-test\r\n250 8BITMIME\r\n');
      else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
    });
  });
  let tlsServer: Server;
  const dns = createSocket('udp4');
  let ports: { http: number; tcp: number; smtp: number; tls: number; dns: number };

  before(async () => {
    const cert = await makeCert(30);
    tlsServer = createTlsServer({ key: cert.key, cert: cert.cert }, (socket) => socket.end());
    // Counted at TCP accept: the client hangs up as soon as it has the certificate, which may be
    // before the server's side of the handshake completes.
    tlsServer.on('connection', (socket) => seen.push(`tls ${socket.remoteAddress}`));
    tlsServer.on('tlsClientError', () => {});
    dns.on('message', (msg, rinfo) => {
      seen.push(`dns ${rinfo.address}`);
      const q = decode(msg);
      const name = q.questions?.[0]?.name ?? '';
      const answer = encode({
        id: q.id,
        type: 'response',
        flags: 0x0400,
        questions: q.questions,
        answers: [{ type: 'A', name, ttl: 60, data: '192.0.2.7' }],
      });
      dns.send(answer, rinfo.port, rinfo.address);
    });
    dns.bind(0, '127.0.0.1');
    await once(dns, 'listening');
    ports = {
      http: await listen(httpServer),
      tcp: await listen(tcpServer),
      smtp: await listen(smtpServer),
      tls: await listen(tlsServer),
      dns: dns.address().port,
    };
  });

  after(async () => {
    await closeHttpAgents();
    httpServer.closeAllConnections();
    for (const s of [httpServer, tcpServer, smtpServer, tlsServer]) s.close();
    dns.close();
  });

  test('http: the server sees the given address, and each address keeps its own agent', async () => {
    const url = `http://127.0.0.1:${ports.http}/`;
    for (const [address, expected] of [
      [A, A],
      [B, B],
      [undefined, '127.0.0.1'],
      [A, A],
    ] as const) {
      const out = await runCheck({ ...target('http_get', url), keyword: `from ${expected}` }, undefined, {
        localAddress: address,
      });
      assert.equal(out.status, 'up', `${address}: ${out.error}`);
      assert.equal(out.status_code, 200);
    }
    // A kept-alive connection of one address is never reused for another.
    const wrong = await runCheck({ ...target('http_get', url), keyword: `from ${B}` }, undefined, {
      localAddress: A,
    });
    assert.equal(wrong.status, 'down');
    assert.equal(wrong.error, `keyword "from ${B}" not found in body`);
  });

  test('tcp, tls, smtp and dns connect from the given address', async () => {
    seen.length = 0;
    const opts = { localAddress: A };
    const tcp = await runCheck(target('tcp', `127.0.0.1:${ports.tcp}`), undefined, opts);
    const tls = await runCheck(
      { ...target('tls', `127.0.0.1:${ports.tls}`), ignore_tls_errors: true },
      undefined,
      opts,
    );
    const smtp = await runCheck(target('smtp', `smtp://127.0.0.1:${ports.smtp}`), undefined, opts);
    const dnsOut = await runCheck(
      { ...target('dns', 'probe.test'), dns_resolver: `127.0.0.1:${ports.dns}`, dns_expected: '192.0.2.7' },
      undefined,
      opts,
    );
    for (const [name, out] of Object.entries({ tcp, tls, smtp, dns: dnsOut })) {
      assert.equal(out.status, 'up', `${name}: ${out.error}`);
    }
    assert.deepEqual(seen.sort(), [`dns ${A}`, `smtp ${A}`, `tcp ${A}`, `tls ${A}`]);
    // Without the option the default address is used, as before.
    seen.length = 0;
    assert.equal((await runCheck(target('tcp', `127.0.0.1:${ports.tcp}`))).status, 'up');
    assert.deepEqual(seen, ['tcp 127.0.0.1']);
  });

  test('an address this host does not have is a down result naming the cause', async () => {
    const out = await runCheck(target('tcp', `127.0.0.1:${ports.tcp}`), undefined, {
      localAddress: '192.0.2.1',
    });
    assert.equal(out.status, 'down');
    assert.match(out.error ?? '', /EADDRNOTAVAIL/);
  });

  test('ping sends from the given address', {
    skip: needTool('ping', ['-c', '1', '-W', '1', '127.0.0.1']),
  }, async () => {
    const ok = await runCheck(target('ping', '127.0.0.1'), undefined, { localAddress: A });
    assert.equal(ok.status, 'up', ok.error ?? '');
    const bad = await runCheck(target('ping', '127.0.0.1'), undefined, { localAddress: '192.0.2.1' });
    assert.equal(bad.status, 'down');
    assert.match(bad.error ?? '', /bind: Cannot assign requested address/);
  });
});
