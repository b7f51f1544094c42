import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type CheckTarget, runCheck } from '../../src/engine/checks/index.js';
import { closedPort, makeCert } from '../peers/index.js';
import { type GrpcPeer, startGrpcPeer } from './grpc-peer.js';
import { type HostilePeer, startHostilePeer } from './hostile-peer.js';

const LEAK = { timeout: 20_000 };
const BASIC = `Basic ${Buffer.from('monitor:s3cret').toString('base64')}`;

function grpc(url: string, extra: Partial<CheckTarget> = {}): CheckTarget {
  return { monitor_type: 'grpc', url, timeout_seconds: 1, ...extra };
}

describe('grpc check', () => {
  let peer: GrpcPeer;
  let tlsPeer: GrpcPeer;
  let authPeer: GrpcPeer;
  let hole: HostilePeer;

  before(async () => {
    peer = await startGrpcPeer({ statuses: { 'shop.Cart': 'SERVING' } });
    tlsPeer = await startGrpcPeer({ cert: await makeCert(30) });
    authPeer = await startGrpcPeer({ authorization: BASIC });
    hole = await startHostilePeer('silent');
  });
  after(async () => {
    await peer.close();
    await tlsPeer.close();
    await authPeer.close();
    await hole.close();
  });

  test('a SERVING server is up, and the connection is closed afterwards', LEAK, async () => {
    const out = await runCheck(grpc(`grpc://127.0.0.1:${peer.port}`));
    assert.equal(out.status, 'up', out.error ?? '');
    assert.equal(out.error, null);
    assert.equal(typeof out.response_time_ms, 'number');
    await peer.drained();
  });

  test('a service switched to NOT_SERVING is down with that word, and up again once SERVING', async () => {
    const target = grpc(`grpc://127.0.0.1:${peer.port}`, { service_name: 'shop.Cart' });
    assert.equal((await runCheck(target)).status, 'up');
    peer.setStatus('shop.Cart', 'NOT_SERVING');
    const down = await runCheck(target);
    assert.equal(down.status, 'down');
    assert.equal(down.error, 'NOT_SERVING');
    assert.equal(typeof down.response_time_ms, 'number');
    peer.setStatus('shop.Cart', 'UNKNOWN');
    assert.equal((await runCheck(target)).error, 'UNKNOWN');
    peer.setStatus('shop.Cart', 'SERVING');
    assert.equal((await runCheck(target)).status, 'up');
    // The whole server ('') keeps its own status.
    assert.equal((await runCheck(grpc(`grpc://127.0.0.1:${peer.port}`, { service_name: '' }))).status, 'up');
  });

  test('a service the server does not know is SERVICE_UNKNOWN', async () => {
    const out = await runCheck(grpc(`grpc://127.0.0.1:${peer.port}`, { service_name: 'shop.Nope' }));
    assert.equal(out.error, 'SERVICE_UNKNOWN: "shop.Nope"');
  });

  test('credentials go as Basic authorization metadata; missing or wrong ones are auth failed', async () => {
    const url = `grpc://127.0.0.1:${authPeer.port}`;
    const none = await runCheck(grpc(url));
    assert.equal(none.status, 'down');
    assert.equal(none.error, 'auth failed');
    const wrong = await runCheck(
      grpc(url, { auth: { type: 'basic', username: 'monitor', password: 'nope' } }),
    );
    assert.equal(wrong.error, 'auth failed');
    const right = await runCheck(
      grpc(url, { auth: { type: 'basic', username: 'monitor', password: 's3cret' } }),
    );
    assert.equal(right.status, 'up', right.error ?? '');
    const inUrl = await runCheck(grpc(`grpc://monitor:s3cret@127.0.0.1:${authPeer.port}`));
    assert.equal(inUrl.status, 'up', inUrl.error ?? '');
  });

  test('a refused connection is down with the socket error', async () => {
    const port = await closedPort();
    const out = await runCheck(grpc(`grpc://127.0.0.1:${port}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(out.response_time_ms, null);
  });

  test('a server that never answers times out exactly, and the socket is destroyed', LEAK, async () => {
    const out = await runCheck(grpc(`grpc://127.0.0.1:${hole.port}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'timeout after 1000 ms');
    assert.equal(out.response_time_ms, null);
    assert.equal(hole.accepted() > 0, true);
    await hole.drained();
  });

  test('grpcs: an untrusted certificate is down; with TLS errors ignored it is up', LEAK, async () => {
    const url = `grpcs://127.0.0.1:${tlsPeer.port}`;
    const strict = await runCheck(grpc(url));
    assert.equal(strict.status, 'down');
    assert.match(strict.error ?? '', /self-signed certificate/);
    const relaxed = await runCheck(grpc(url, { ignore_tls_errors: true }));
    assert.equal(relaxed.status, 'up', relaxed.error ?? '');
    await tlsPeer.drained();
  });

  test('extra headers travel as metadata; a key gRPC cannot carry is a down outcome, not an exception', async () => {
    const url = `grpc://127.0.0.1:${authPeer.port}`;
    const viaHeader = await runCheck(grpc(url, { headers: { Authorization: BASIC } }));
    assert.equal(viaHeader.status, 'up', viaHeader.error ?? '');
    const bad = await runCheck(grpc(url, { headers: { 'bad key': 'x' } }));
    assert.equal(bad.status, 'down');
    assert.match(bad.error ?? '', /bad key/);
  });

  test('plain gRPC against a TLS port is down, not up', async () => {
    const out = await runCheck(grpc(`grpc://127.0.0.1:${tlsPeer.port}`));
    assert.equal(out.status, 'down');
  });
});
