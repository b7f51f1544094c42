import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needChromium, testDatabases } from '@app/kit/testing';
import { type Harness, resultsOf, startHarness, waitFor } from '../engine/harness.js';
import { Probe } from '../locations-e2e/rig.js';
import { type JourneySite, startJourneySite } from './journey-site.js';

// A real probe process (issue 32) runs journeys against a site on loopback: its results reach the
// central instance with their steps and, on failure, the screenshot and trace, which the central
// instance serves as it does its own. A second location that reports `browser` unsupported is
// assigned none and does not count in the quorum (docs/browser-checks.md, "Probes").

const skip = needChromium();
const [sqlite] = await testDatabases();

type Details = {
  steps: {
    name: string;
    status: string;
    duration_ms: number;
    status_code?: number | null;
    error?: string | null;
  }[];
  final_url?: string | null;
  screenshot?: string | null;
  trace?: string | null;
};
type Result = Awaited<ReturnType<typeof resultsOf>>[number] & {
  details: Details | null;
  location_id: string;
};

describe('journeys from a probe process', { skip: skip || sqlite!.skip }, () => {
  let h: Harness;
  let site: JourneySite;
  let probe: Probe;
  let dir: string;
  let base: string;
  let noChromiumToken: string;

  const createLocation = async (id: string) => {
    const res = await h.call('POST', '/api/locations', { id, name: `Probe ${id}`, heartbeat_seconds: 60 });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().token as string;
  };
  const resultAt = (id: number, status: 'up' | 'down') =>
    waitFor(
      `a ${status} result of monitor ${id} from p1`,
      async () => {
        const rows = (await resultsOf(h, id, 5)) as Result[];
        return rows.find((r) => r.status === status && r.location_id === 'p1');
      },
      60_000,
    );

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'probe-journeys-'));
    site = await startJourneySite();
    h = await startHarness(sqlite!);
    base = await h.listen();
    const token = await createLocation('p1');
    noChromiumToken = await createLocation('p2');
    // p2 is online and says it has no Chromium (as a probe's heartbeat does).
    const hb = await h.server.app.inject({
      method: 'POST',
      url: '/api/probe/heartbeat',
      headers: { authorization: `Bearer ${noChromiumToken}` },
      payload: {
        version: 'test',
        sent_at: Date.now(),
        spooled: 0,
        dropped: 0,
        unsupported_types: ['browser'],
      },
    });
    assert.equal(hb.statusCode, 200, hb.body);
    probe = new Probe('127.0.0.1', {
      PROBE_SERVER_URL: base,
      PROBE_TOKEN: token,
      PROBE_SPOOL_FILE: join(dir, 'spool.ndjson'),
      PROBE_BATCH_MS: '100',
    });
    await probe.start();
  });
  after(async () => {
    await probe?.stop();
    await h?.stop();
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const create = async (body: Record<string, unknown>) => {
    const res = await h.call('POST', '/api/monitors', {
      url: site.url,
      // A probe spreads new monitors over their interval: a short one brings the first check soon.
      check_interval_seconds: 10,
      timeout_seconds: 8,
      retry_count: 0,
      auth: { type: 'basic', username: 'alice', password: site.password },
      ...body,
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as { id: number };
  };

  test('a failed browser journey arrives with its steps, screenshot and trace; the quorum counts only p1', async () => {
    const m = await create({
      name: 'login from the probes',
      monitor_type: 'browser',
      location_ids: ['p1', 'p2'],
      // Two locations asked for, one runs browser checks: the quorum is capped at that one.
      quorum: 2,
      steps: [
        { name: 'open login', action: 'goto', url: '/login' },
        { name: 'user', action: 'fill', selector: '#user', value: '{{auth.username}}' },
        { name: 'submit', action: 'click', selector: '#no-such-button' },
        { name: 'balance', action: 'expect_text', selector: '#balance', value: '42.50' },
      ],
    });
    const r = await resultAt(m.id, 'down');
    assert.match(r.error ?? '', /^step 3 "submit": .*#no-such-button/);
    assert.deepEqual(
      r.details?.steps.map((s) => [s.name, s.status]),
      [
        ['open login', 'up'],
        ['user', 'up'],
        ['submit', 'down'],
        ['balance', 'skipped'],
      ],
    );
    assert.ok(r.details!.steps.every((s) => Number.isInteger(s.duration_ms) && s.duration_ms >= 0));
    assert.equal(r.details!.final_url, `${site.url}/login`);
    assert.match(r.details!.screenshot ?? '', /^[0-9a-f-]{36}\.png$/);
    assert.match(r.details!.trace ?? '', /^[0-9a-f-]{36}\.zip$/);
    const png = await h.call('GET', `/api/check-results/${r.id}/evidence/screenshot`, undefined, h.viewer);
    assert.equal(png.statusCode, 200, png.body.slice(0, 200));
    assert.equal(png.headers['content-type'], 'image/png');
    assert.deepEqual([...png.rawPayload.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    const trace = await h.call('GET', `/api/check-results/${r.id}/evidence/trace`, undefined, h.viewer);
    assert.equal(trace.statusCode, 200);
    assert.equal(trace.rawPayload.subarray(0, 2).toString(), 'PK');
    // The probe keeps nothing once its result is sent.
    await waitFor('the probe to forget its evidence', async () =>
      (await readdir(join(dir, 'browser-evidence')).catch(() => [])).length === 0 ? true : undefined,
    );

    // p2 was assigned nothing and is not counted: p1 alone makes the monitor down.
    const assigned = await h.server.app.inject({
      method: 'GET',
      url: '/api/probe/assignments',
      headers: { authorization: `Bearer ${noChromiumToken}` },
    });
    assert.deepEqual(assigned.json().monitors, []);
    const view = await waitFor('the monitor to go down', async () => {
      const res = await h.call('GET', `/api/monitors/${m.id}`);
      const v = res.json() as {
        current_status: string;
        locations: { location_id: string; status: string; counted: boolean }[];
      };
      return v.current_status === 'down' ? v : undefined;
    });
    assert.deepEqual(
      view.locations.map((l) => [l.location_id, l.status, l.counted]),
      [
        ['p1', 'down', true],
        ['p2', 'pending', false],
      ],
    );
  });

  test('a passing multistep check from the probe keeps its steps, and no evidence', async () => {
    const m = await create({
      name: 'api from p1',
      monitor_type: 'multistep',
      location_ids: ['p1'],
      steps: [
        { name: 'anonymous', url: '/api/account', assertions: [{ source: 'status', value: '401' }] },
        { name: 'login page', url: '/login' },
      ],
    });
    const r = await resultAt(m.id, 'up');
    assert.deepEqual(
      r.details?.steps.map((s) => [s.name, s.status, s.status_code]),
      [
        ['anonymous', 'up', 401],
        ['login page', 'up', 200],
      ],
    );
    assert.equal(r.details?.screenshot, null);
    assert.equal(r.details?.trace, null);
  });
});
