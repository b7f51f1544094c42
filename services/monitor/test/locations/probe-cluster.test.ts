import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { waitFor } from '../engine/harness.js';
import { openSse } from '../engine/sse-client.js';
import { type LocationServer, startLocationServer } from './location-server.js';

// Two instances share one PostgreSQL (SQLite has one instance): what one does reaches the other.
for (const target of await testDatabases()) {
  const skip = target.skip || (target.name !== 'postgres' && 'instances share a database on PostgreSQL only');
  describe(`probes and two instances on ${target.name}`, { skip }, () => {
    let a: LocationServer;
    let b: LocationServer;
    let token: string;
    before(async () => {
      a = await startLocationServer(target, { startEngine: false });
      b = await startLocationServer(target, { startEngine: false }, {}, a);
      token = (await a.call('POST', '/api/locations', { name: 'Oslo', id: 'oslo' })).json().token;
    });
    after(async () => {
      await b?.stop();
      await a?.stop();
    });

    test('a stream on one instance hears a monitor edited through the other', async () => {
      const base = await a.listen();
      const stream = await openSse(`${base}/api/probe/stream`, { authorization: `Bearer ${token}` });
      assert.equal(stream.status, 200);
      const m = await b.call('POST', '/api/monitors', {
        name: 'far',
        url: 'http://127.0.0.1:9/',
        location_ids: ['oslo'],
      });
      assert.equal(m.statusCode, 201, m.body);
      const [ev] = await stream.waitForEvents(1);
      assert.equal(ev!.event, 'assignment');
      assert.deepEqual(JSON.parse(ev!.data), { id: m.json().id, version: Date.parse(m.json().updated_at) });
      stream.close();
    });

    test('a post to one instance brings the location online on both', async () => {
      const r = await b.probe(token, {
        method: 'POST',
        url: '/api/probe/results',
        payload: { batch_id: randomUUID(), sent_at: Date.now(), results: [] },
      });
      assert.equal(r.statusCode, 200, r.body);
      assert.ok(b.ctx.locations.isOnline('oslo'));
      await waitFor('the other instance to hear it', async () =>
        a.ctx.locations.isOnline('oslo') ? true : undefined,
      );
    });
  });
}
