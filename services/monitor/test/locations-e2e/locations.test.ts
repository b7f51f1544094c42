import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LocationWithToken, MonitorLocationState } from '../../src/shared-types/location-shapes.js';
import type { SseClient } from '../engine/sse-client.js';
import { Central, Probe, type SwitchableTarget, startTarget, until } from './rig.js';

/*
 * Issue 13 end to end, with real processes: one central instance (SQLite) and three probes, each
 * bound to its own loopback address, checking one monitor against a target that fails for chosen
 * source addresses. The steps build on each other and run in order.
 */

const INTERVAL_S = 2;
const HEARTBEAT_S = 5;
const SOURCES = { p2: '127.0.0.2', p3: '127.0.0.3', p4: '127.0.0.4' } as const;
type Loc = keyof typeof SOURCES;
const LOCS = Object.keys(SOURCES) as Loc[];

interface MonitorView {
  id: number;
  current_status: string;
  location_ids: string[];
  quorum: number | null;
  locations: MonitorLocationState[];
}

interface ResultRow {
  id: number;
  checked_at: string;
  status: 'up' | 'down';
  location_id: string;
}

interface IncidentView {
  id: number;
  status: string;
  locations: string[];
}

describe('locations end to end: a central instance and three probes', () => {
  let dir: string;
  let target: SwitchableTarget;
  let central: Central;
  const probes = new Map<Loc, Probe>();
  const tokens = new Map<Loc, string>();
  let monitorId = 0;
  let stream: SseClient | null = null;

  const monitor = () => central.ok<MonitorView>('GET', `/api/monitors/${monitorId}`);
  const stateAt = (m: MonitorView, loc: string) => m.locations.find((l) => l.location_id === loc);
  const incidents = () => central.ok<IncidentView[]>('GET', `/api/incidents?monitor_id=${monitorId}`);
  async function results(): Promise<ResultRow[]> {
    const rows = await central.ok<ResultRow[]>(
      'GET',
      `/api/check-results?monitor_id=${monitorId}&limit=1000`,
    );
    assert.ok(rows.length < 1000, 'one page holds the whole run');
    return rows;
  }

  function probeEnv(loc: Loc): Record<string, string> {
    return {
      PROBE_SERVER_URL: central.base,
      PROBE_TOKEN: tokens.get(loc)!,
      PROBE_SPOOL_FILE: join(dir, `spool-${loc}.ndjson`),
      PROBE_BATCH_MS: '200',
      PROBE_CONCURRENCY: '10',
    };
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'locations-e2e-'));
    target = await startTarget();
    central = new Central(join(dir, 'central'), { LOCATION_WATCH_MS: '250', CHANGE_POLL_SECONDS: '1' });
    await central.start();
    for (const loc of LOCS) {
      const created: LocationWithToken = await central.createLocation(loc, `Probe ${loc}`, HEARTBEAT_S);
      assert.ok(created.token.startsWith('mon_probe_'));
      tokens.set(loc, created.token);
    }
    await Promise.all(
      LOCS.map(async (loc) => {
        const p = new Probe(SOURCES[loc], probeEnv(loc));
        probes.set(loc, p);
        await p.start();
      }),
    );
  });

  after(async () => {
    stream?.close();
    await Promise.all([...probes.values()].map((p) => p.stop().catch(() => undefined)));
    await central?.stop().catch(() => undefined);
    await target?.close();
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  });

  test('a probe token opens the probe endpoints only, and a user token does not open them', async () => {
    const probeToken = tokens.get('p2')!;
    const own = await central.call('GET', '/api/probe/assignments', undefined, probeToken);
    assert.equal(own.status, 200);
    for (const [method, path, body] of [
      ['GET', '/api/monitors', undefined],
      ['GET', '/api/locations', undefined],
      ['POST', '/api/monitors', { name: 'sneaky', url: `${target.url}/x`, check_interval_seconds: 60 }],
      ['GET', '/api/check-results', undefined],
    ] as const) {
      const res = await central.call<{ code?: string }>(method, path, body, probeToken);
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal(res.json.code, 'probe_token_not_allowed', `${method} ${path}`);
    }
    const listed = await central.ok<{ name: string }[] | { items: { name: string }[] }>(
      'GET',
      '/api/monitors',
    );
    const names = (Array.isArray(listed) ? listed : listed.items).map((m) => m.name);
    assert.ok(!names.includes('sneaky'), 'nothing was created with the probe token');
    const asAdmin = await central.call('GET', '/api/probe/assignments');
    assert.equal(asAdmin.status, 403);
  });

  test('probes pick up a new monitor and its changes live, each from its own address', async () => {
    const created = await central.ok<MonitorView>(
      'POST',
      '/api/monitors',
      {
        name: 'multi',
        monitor_type: 'http_get',
        url: `${target.url}/a`,
        check_interval_seconds: INTERVAL_S,
        retry_count: 0,
        timeout_seconds: 2,
        location_ids: [...LOCS],
      },
      201,
    );
    monitorId = created.id;
    assert.deepEqual([...created.location_ids].sort(), [...LOCS]);
    assert.equal(created.quorum, null);
    await until('each probe checking /a from its address', async () =>
      LOCS.every((l) => target.hits(SOURCES[l], '/a').length >= 1) ? true : undefined,
    );
    assert.equal(
      target.hits('127.0.0.1', '/a').length,
      0,
      'the central instance does not check it (local not listed)',
    );
    await central.ok('PATCH', `/api/monitors/${monitorId}`, { url: `${target.url}/b` });
    await until('each probe checking the new URL', async () =>
      LOCS.every((l) => target.hits(SOURCES[l], '/b').length >= 1) ? true : undefined,
    );
    const m = await until('the monitor up from all three', async () => {
      const m = await monitor();
      return m.current_status === 'up' && LOCS.every((l) => stateAt(m, l)?.status === 'up') ? m : undefined;
    });
    assert.ok(LOCS.every((l) => stateAt(m, l)?.counted === true));
  });

  test('one location of three failing marks that location down and keeps the monitor up', async () => {
    target.failing.add(SOURCES.p2);
    const since = Date.now();
    const m = await until('p2 down', async () => {
      const m = await monitor();
      return stateAt(m, 'p2')?.status === 'down' ? m : undefined;
    });
    assert.equal(m.current_status, 'up');
    assert.equal(stateAt(m, 'p2')?.last_error, 'expected status 2xx, got 500');
    assert.equal(stateAt(m, 'p3')?.status, 'up');
    // A few more checks from every location: still up, and no incident.
    await until('three more checks from p2', async () =>
      target.hits(SOURCES.p2).filter((t) => t > since).length >= 3 ? true : undefined,
    );
    assert.equal((await monitor()).current_status, 'up');
    assert.equal((await incidents()).length, 0);
  });

  test('two locations of three failing make the monitor down, with one incident naming both', async () => {
    stream = await central.stream();
    target.failing.add(SOURCES.p3);
    try {
      const m = await until('the monitor down', async () => {
        const m = await monitor();
        return m.current_status === 'down' ? m : undefined;
      });
      assert.equal(stateAt(m, 'p3')?.status, 'down');
      assert.equal(stateAt(m, 'p4')?.status, 'up');
      const open = await until('the incident', async () => {
        const list = await incidents();
        return list.length > 0 ? list : undefined;
      });
      assert.equal(open.length, 1);
      assert.deepEqual([...(open[0]!.locations ?? [])].sort(), ['p2', 'p3']);
      // The live event carries the per-location states.
      const changed = stream.events
        .filter((e) => e.event === 'monitor.status_changed')
        .map(
          (e) =>
            JSON.parse(e.data) as { monitor_id: number; status: string; locations?: MonitorLocationState[] },
        )
        .filter((d) => d.monitor_id === monitorId);
      assert.ok(changed.length >= 1, 'a status_changed event for the monitor');
      assert.equal(changed.at(-1)!.locations?.find((l) => l.location_id === 'p2')?.status, 'down');
    } finally {
      // The later steps start from one failing location, whatever happened here.
      target.failing.delete(SOURCES.p3);
    }
    await until('the monitor up again', async () =>
      (await monitor()).current_status === 'up' ? true : undefined,
    );
    const list = await incidents();
    assert.equal(list.length, 1, 'still one incident');
    assert.equal(list[0]!.status, 'resolved');
  });

  test('the central instance restarted: the probes keep checking and deliver that time afterwards, in order, once', async () => {
    stream?.close();
    stream = null;
    const before = await results();
    await central.crash();
    const downAt = Date.now();
    // Down for at least three intervals: every probe checks (and spools) several times meanwhile.
    await until('three checks per probe while the central instance is down', async () =>
      LOCS.every((l) => target.hits(SOURCES[l]).filter((t) => t > downAt).length >= 3) ? true : undefined,
    );
    const hitsDuring = Object.fromEntries(
      LOCS.map((l) => [l, target.hits(SOURCES[l]).filter((t) => t > downAt).length]),
    );
    await central.start();
    const upAt = Date.now();
    // What each probe checked while the central was away is stored once it is back.
    await until('the outage results stored', async () => {
      const rows = await results();
      const ok = LOCS.every(
        (l) =>
          rows.filter(
            (r) =>
              r.location_id === l && Date.parse(r.checked_at) > downAt && Date.parse(r.checked_at) < upAt,
          ).length >= hitsDuring[l]!,
      );
      return ok ? rows : undefined;
    });
    const rows = await results();
    assert.ok(rows.length > before.length);
    assertOrderedOnce(rows);
    // The outage changed nothing: up, as before, and no incident opened.
    const m = await monitor();
    assert.equal(m.current_status, 'up');
    assert.equal(stateAt(m, 'p2')?.status, 'down', 'p2 still fails');
    assert.equal((await incidents()).length, 1);
  });

  test('a probe killed goes offline, without making the monitor down', async () => {
    // p2 still fails: with p4 counted as down the quorum (2) would be reached. It must not be.
    stream = await central.stream();
    const incidentsBefore = (await incidents()).length;
    await probes.get('p4')!.crash();
    const killedAt = Date.now();
    const offline = await until(
      'p4 offline',
      async () => {
        const loc = await central.location('p4');
        return loc.status === 'offline' ? loc : undefined;
      },
      90_000,
    );
    const after = Date.now() - killedAt;
    assert.ok(after >= 3 * HEARTBEAT_S * 1000, `offline only after 3 heartbeats (${after} ms)`);
    assert.equal(offline.is_local, false);
    assert.ok(stream.events.some((e) => e.event === 'location.offline' && JSON.parse(e.data).id === 'p4'));
    const m = await monitor();
    assert.equal(m.current_status, 'up');
    assert.equal(stateAt(m, 'p4')?.counted, false);
    assert.equal(stateAt(m, 'p2')?.status, 'down');
    assert.equal((await incidents()).length, incidentsBefore);
    const downs = stream.events
      .filter((e) => e.event === 'monitor.status_changed')
      .map((e) => JSON.parse(e.data) as { monitor_id: number; status: string })
      .filter((d) => d.monitor_id === monitorId && d.status === 'down');
    assert.deepEqual(downs, [], 'no down event while p4 went away');

    // Started again, it replays what it had spooled and comes back online.
    const p4 = new Probe(SOURCES.p4, probeEnv('p4'));
    probes.set('p4', p4);
    await p4.start();
    await until('p4 online', async () =>
      (await central.location('p4')).status === 'online' ? true : undefined,
    );
    assert.ok(stream.events.some((e) => e.event === 'location.online' && JSON.parse(e.data).id === 'p4'));
  });

  test('stopped cleanly, every probe has delivered each check it made, once', async () => {
    target.failing.clear();
    const codes = await Promise.all(LOCS.map((l) => probes.get(l)!.stop()));
    assert.deepEqual(codes, [0, 0, 0]);
    const rows = await results();
    assertOrderedOnce(rows);
    for (const l of LOCS) {
      const stored = rows.filter((r) => r.location_id === l).length;
      const made = target.hits(SOURCES[l]).length;
      if (l === 'p4') {
        // Killed once: the checks of its last moments (not yet in its spool) died with it.
        assert.ok(stored <= made && stored >= made - 3, `${l}: ${stored} stored of ${made} made`);
        continue;
      }
      // A check still running when the stop's grace ran out is aborted and not reported (its request
      // may have reached the target), and what could not be sent in time stays in the spool: the
      // probe's own stop line says how many of each. On a quiet machine both are 0.
      const line = probes
        .get(l)!
        .proc.output()
        .split('\n')
        .find((x) => x.includes('"probe stopped"'));
      assert.ok(line, `${l}: no "probe stopped" line`);
      const { aborted_at_stop: aborted, left_in_spool: left } = JSON.parse(line) as {
        aborted_at_stop: number;
        left_in_spool: number;
      };
      assert.ok(
        stored <= made && stored >= made - aborted - left,
        `${l}: ${stored} stored of ${made} made (${aborted} aborted at stop, ${left} left in the spool)`,
      );
      if (aborted === 0 && left === 0) assert.equal(stored, made, `${l}: every check stored exactly once`);
    }
  });
});

// Per location, results were stored in the order they were checked, and no check twice.
function assertOrderedOnce(rows: ResultRow[]): void {
  const byLoc = new Map<string, ResultRow[]>();
  for (const r of rows) byLoc.set(r.location_id, [...(byLoc.get(r.location_id) ?? []), r]);
  for (const [loc, list] of byLoc) {
    const byId = [...list].sort((a, b) => a.id - b.id).map((r) => Date.parse(r.checked_at));
    for (let i = 1; i < byId.length; i++) {
      assert.ok(byId[i]! > byId[i - 1]!, `${loc}: result ${i} stored after a later check`);
    }
  }
}
