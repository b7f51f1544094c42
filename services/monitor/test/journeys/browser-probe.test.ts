import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLogger } from '@app/kit';
import { needChromium, testDatabases } from '@app/kit/testing';
import { type RunningProbe, startProbe } from '../../src/probe/probe.js';
import { readProbeConfig } from '../../src/probe/probe-config.js';
import { type Harness, resultsOf, startHarness, waitFor } from '../engine/harness.js';
import { type JourneySite, startJourneySite } from './journey-site.js';

// Browser and multistep checks from a probe (issue 32): the probe runs them like any check and
// reports them; a probe that says it has no Chromium is assigned no browser monitor.

const skip = needChromium();
const [sqlite] = await testDatabases();

describe('journeys on probes', { skip: skip || sqlite!.skip }, () => {
  let h: Harness;
  let site: JourneySite;
  let probe: RunningProbe | null = null;
  let dir: string;
  let base: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'journey-probe-'));
    site = await startJourneySite();
    h = await startHarness(sqlite!);
    base = await h.listen();
  });
  after(async () => {
    await probe?.close();
    await h?.stop();
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const createLocation = async (id: string) => {
    const res = await h.call('POST', '/api/locations', { id, name: `Probe ${id}`, heartbeat_seconds: 5 });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().token as string;
  };

  test('a probe runs a browser and a multistep check and reports them', async () => {
    const token = await createLocation('p1');
    probe = await startProbe(
      readProbeConfig({
        PROBE_SERVER_URL: base,
        PROBE_TOKEN: token,
        PROBE_SPOOL_FILE: join(dir, 'spool.ndjson'),
        PROBE_BATCH_MS: '100',
      }),
      createLogger({ name: 'probe', level: process.env.PROBE_TEST_LOG ?? 'silent' }),
    );
    const common = {
      url: site.url,
      // A probe spreads new monitors over their interval: a short one brings the first check soon.
      check_interval_seconds: 12,
      timeout_seconds: 10,
      location_ids: ['p1'],
      auth: { type: 'basic', username: 'alice', password: site.password },
    };
    const browser = await h.call('POST', '/api/monitors', {
      ...common,
      name: 'browser from p1',
      monitor_type: 'browser',
      steps: [
        { action: 'goto', url: '/login' },
        { action: 'fill', selector: '#user', value: '{{auth.username}}' },
        { action: 'fill', selector: '#pass', value: '{{auth.password}}' },
        { action: 'click', selector: '#go' },
        { action: 'expect_text', selector: '#balance', value: '42.50' },
      ],
    });
    assert.equal(browser.statusCode, 201, browser.body);
    const multistep = await h.call('POST', '/api/monitors', {
      ...common,
      name: 'api from p1',
      monitor_type: 'multistep',
      steps: [{ url: '/api/account', assertions: [{ source: 'status', value: '401' }] }],
    });
    assert.equal(multistep.statusCode, 201, multistep.body);
    for (const id of [browser.json().id as number, multistep.json().id as number]) {
      const r = await waitFor(
        `a result of monitor ${id} from p1`,
        async () => (await resultsOf(h, id, 1))[0],
        30_000,
      );
      assert.equal(r.status, 'up', r.error ?? '');
      assert.equal((r as unknown as { location_id: string }).location_id, 'p1');
    }
  });

  test('a probe without Chromium says so, and is assigned no browser monitor', async () => {
    const token = await createLocation('p2');
    const probeCall = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      h.server.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body !== undefined && { payload: body as object }),
      });
    for (const [name, type, steps] of [
      ['browser at p2', 'browser', [{ action: 'goto', url: '/login' }]],
      ['api at p2', 'multistep', [{ url: '/api/account' }]],
    ] as const) {
      const made = await h.call('POST', '/api/monitors', {
        name,
        monitor_type: type,
        url: site.url,
        check_interval_seconds: 3600,
        location_ids: ['p2'],
        steps,
      });
      assert.equal(made.statusCode, 201, made.body);
    }
    const names = async () =>
      (
        (await probeCall('GET', '/api/probe/assignments')).json().monitors as {
          target: { monitor_type: string };
        }[]
      )
        .map((m) => m.target.monitor_type)
        .sort();
    assert.deepEqual(await names(), ['browser', 'multistep']);
    const hb = await probeCall('POST', '/api/probe/heartbeat', {
      version: 'test',
      sent_at: Date.now(),
      spooled: 0,
      dropped: 0,
      unsupported_types: ['browser'],
    });
    assert.equal(hb.statusCode, 200, hb.body);
    assert.deepEqual(await names(), ['multistep']);
  });
});
