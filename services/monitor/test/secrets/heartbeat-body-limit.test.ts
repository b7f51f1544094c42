import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { MAX_PING_BODY } from '../../src/api/heartbeat/routes.js';
import { type Harness, resultsOf, startHarness } from '../engine/harness.js';

/** What came back on a raw socket until the server closed it, and how much of the body was sent. */
async function rawExchange(port: number, head: string, body: (s: Socket) => void) {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', () => r()));
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => {
    text += d;
  });
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  socket.on('error', () => {
    // The server closing on a client still sending shows as EPIPE/ECONNRESET here: expected.
  });
  socket.write(head);
  body(socket);
  await closed;
  return text;
}

function parse(text: string) {
  const [head, ...rest] = text.split('\r\n\r\n');
  const lines = head!.split('\r\n');
  const headers = Object.fromEntries(
    lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(lines[0]!.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

for (const t of await testDatabases()) {
  describe(`heartbeat body limit (${t.name})`, { skip: t.skip, timeout: 60_000 }, () => {
    let h: Harness;
    let port: number;
    let token: string;
    let id: number;
    before(async () => {
      h = await startHarness(t);
      port = Number(new URL(await h.listen()).port);
      const m = await h.call('POST', '/api/monitors', {
        name: 'job',
        monitor_type: 'heartbeat',
        check_interval_seconds: 3600,
      });
      ({ heartbeat_token: token, id } = m.json());
    });
    after(() => h.stop());

    test('an announced 20 MB body gets 413 problem+json and the connection closes unread', async () => {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const text = await rawExchange(
        port,
        `POST /api/heartbeat/${token} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n`,
        (s) => {
          s.write(chunk);
        },
      );
      const res = parse(text);
      assert.equal(res.status, 413);
      assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(res.headers.connection, 'close');
      const problem = JSON.parse(res.body);
      assert.equal(problem.status, 413);
      assert.equal(problem.code, 'payload_too_large');
      assert.match(problem.detail, /at most 65536 bytes/);
      assert.equal((await resultsOf(h, id)).length, 0, 'a refused ping records nothing');
    });

    test('a chunked body that grows past the limit is cut off the same way', async () => {
      const piece = Buffer.alloc(16 * 1024, 'y');
      const text = await rawExchange(
        port,
        `POST /api/heartbeat/${token} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n`,
        (s) => {
          // Past the limit, then keep the request open: only the server can end this exchange.
          for (let i = 0; i < MAX_PING_BODY / piece.length + 1; i++) {
            s.write(`${piece.length.toString(16)}\r\n`);
            s.write(piece);
            s.write('\r\n');
          }
        },
      );
      const res = parse(text);
      assert.equal(res.status, 413);
      assert.equal(JSON.parse(res.body).code, 'payload_too_large');
      assert.equal((await resultsOf(h, id)).length, 0);
    });

    test('a body within the limit is still a ping', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/heartbeat/${token}`, {
        method: 'POST',
        body: 'z'.repeat(MAX_PING_BODY),
      });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { ok: true, recorded: true });
      assert.equal((await resultsOf(h, id)).length, 1);
    });
  });
}
