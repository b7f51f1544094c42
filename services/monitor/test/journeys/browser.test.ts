import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needChromium, testDatabases } from '@app/kit/testing';
import { type Harness, resultsOf, startHarness, waitFor } from '../engine/harness.js';
import { type JourneySite, startJourneySite } from './journey-site.js';

// Browser checks (issue 32) in Debian's Chromium against a real site on loopback: one site, one
// service (one shared browser) for the whole file. SQLite only: the storage of details is the
// multistep test's, on both databases.

const skip = needChromium();
const [sqlite] = await testDatabases();

type Details = {
  steps: { name: string; status: string; duration_ms: number; error?: string | null }[];
  final_url?: string | null;
  console_errors?: string[];
  failed_requests?: string[];
  screenshot?: string | null;
  trace?: string | null;
};

const login = [
  { name: 'open login', action: 'goto', url: '/login' },
  { name: 'user', action: 'fill', selector: '#user', value: '{{auth.username}}' },
  { name: 'password', action: 'fill', selector: '#pass', value: '{{auth.password}}' },
  { name: 'language', action: 'select', selector: '#lang', value: 'fr' },
  { name: 'submit', action: 'click', selector: '#go' },
  { name: 'on dashboard', action: 'wait_for_url', value: '*/dashboard' },
];

describe('browser checks', { skip: skip || sqlite!.skip }, () => {
  let h: Harness;
  let site: JourneySite;
  const monitor = (name: string, extra: Record<string, unknown>) => ({
    name,
    monitor_type: 'browser',
    url: site.url,
    check_interval_seconds: 3600,
    timeout_seconds: 10,
    retry_count: 0,
    auth: { type: 'basic', username: 'alice', password: site.password },
    ...extra,
  });
  const firstResult = (id: number) =>
    waitFor(
      `a result of monitor ${id}`,
      async () => {
        const rows = await resultsOf(h, id, 1);
        return rows[0] as (Awaited<ReturnType<typeof resultsOf>>[number] & { details: Details }) | undefined;
      },
      30_000,
    );

  before(async () => {
    site = await startJourneySite();
    h = await startHarness(sqlite!);
  });
  after(async () => {
    await h?.stop();
    await site?.close();
  });

  test('a journey that logs in and checks a value is up, with timings, final URL, console errors and blocked requests', async () => {
    const made = await h.call(
      'POST',
      '/api/monitors',
      monitor('login journey', {
        steps: [
          ...login,
          { name: 'balance', action: 'expect_text', selector: '#balance', value: '42.50' },
          { name: 'title', action: 'expect_title', value: 'Dashboard' },
        ],
        viewport: '800x600',
        blocklist: ['*/tracker.gif'],
      }),
    );
    assert.equal(made.statusCode, 201, made.body);
    const r = await firstResult(made.json().id);
    assert.equal(r.status, 'up', r.error ?? '');
    assert.deepEqual(
      r.details.steps.map((s) => [s.name, s.status]),
      [...login.map((s) => [s.name, 'up']), ['balance', 'up'], ['title', 'up']],
    );
    assert.ok(r.details.steps.every((s) => Number.isInteger(s.duration_ms) && s.duration_ms >= 0));
    assert.equal(r.details.final_url, `${site.url}/dashboard`);
    assert.deepEqual(r.details.console_errors, ['login page console error']);
    assert.equal(r.details.failed_requests?.length, 1);
    assert.ok(
      r.details.failed_requests[0]!.startsWith(`GET ${site.url}/tracker.gif: net::ERR_BLOCKED_BY_CLIENT`),
      r.details.failed_requests[0],
    );
    assert.equal(site.hits.get('/tracker.gif'), undefined, 'the blocked request reached the site');
    assert.equal(r.details.screenshot ?? null, null, 'a passing check keeps no screenshot');
    const evidence = await h.call('GET', `/api/check-results/${r.id}/evidence/screenshot`);
    assert.equal(evidence.statusCode, 404);
  });

  test('a broken selector, a wrong text and a 500 each fail at the right step, with screenshot and trace kept', async () => {
    const cases = [
      {
        name: 'broken selector',
        steps: [...login.slice(0, 4), { name: 'submit', action: 'click', selector: '#no-such-button' }],
        step: 5,
        error: /^step 5 "submit": .*#no-such-button/,
      },
      {
        name: 'wrong text',
        steps: [...login, { name: 'balance', action: 'expect_text', selector: '#balance', value: '1000.00' }],
        step: 7,
        error: /^step 7 "balance": expected text "1000\.00" in #balance, got "42\.50"$/,
      },
      {
        name: 'server error',
        steps: [
          ...login,
          { name: 'report', action: 'goto', url: '/dashboard?fail=1' },
          { action: 'expect_title', value: 'x' },
        ],
        step: 7,
        error: /^step 7 "report": http:\/\/127\.0\.0\.1:\d+\/dashboard\?fail=1 answered HTTP 500$/,
      },
    ];
    const ids = [];
    for (const c of cases) {
      const made = await h.call(
        'POST',
        '/api/monitors',
        monitor(c.name, { steps: c.steps, timeout_seconds: 8 }),
      );
      assert.equal(made.statusCode, 201, made.body);
      ids.push(made.json().id as number);
    }
    for (const [i, c] of cases.entries()) {
      const r = await firstResult(ids[i]!);
      assert.equal(r.status, 'down', c.name);
      assert.match(r.error ?? '', c.error, c.name);
      assert.ok(!(r.error ?? '').includes(site.password), `${c.name}: the password leaked`);
      const statuses = r.details.steps.map((s) => s.status);
      assert.equal(statuses[c.step - 1], 'down', c.name);
      assert.ok(
        statuses.slice(0, c.step - 1).every((s) => s === 'up'),
        c.name,
      );
      assert.ok(
        statuses.slice(c.step).every((s) => s === 'skipped'),
        c.name,
      );
      const png = await h.call('GET', `/api/check-results/${r.id}/evidence/screenshot`, undefined, h.viewer);
      assert.equal(png.statusCode, 200, `${c.name}: ${png.body.slice(0, 200)}`);
      assert.equal(png.headers['content-type'], 'image/png');
      assert.deepEqual([...png.rawPayload.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
      const trace = await h.call('GET', `/api/check-results/${r.id}/evidence/trace`, undefined, h.viewer);
      assert.equal(trace.statusCode, 200, c.name);
      assert.equal(trace.headers['content-type'], 'application/zip');
      assert.match(
        String(trace.headers['content-disposition']),
        /attachment; filename="check-\d+-trace\.zip"/,
      );
      assert.equal(trace.rawPayload.subarray(0, 2).toString(), 'PK');
    }
  });

  test('a script logs in and checks the value; require, process and fetch are not there for it', async () => {
    const run = async (script: string) => {
      const res = await h.call(
        'POST',
        '/api/monitors/test',
        monitor('script', { script, timeout_seconds: 8 }),
      );
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { status: string; error: string | null; details: Details };
    };
    const ok = await run(`
      await page.goto('/login');
      await page.fill('#user', vars.username);
      await page.fill('#pass', vars.password);
      await page.click('#go');
      await page.waitForURL('*/dashboard');
      expect(await page.textContent('#balance')).toBe('42.50');
      expect(await page.title()).toContain('Dash');
    `);
    assert.equal(ok.status, 'up', ok.error ?? '');
    assert.deepEqual(
      ok.details.steps.map((s) => s.name.replace(site.url, 'SITE')),
      [
        'goto("/login")',
        'fill("#user", "alice")',
        'fill("#pass", "********")',
        'click("#go")',
        'waitForURL("*/dashboard")',
        'textContent("#balance")',
        'title()',
      ],
    );
    const wrong = await run(`await page.goto('/login'); expect(await page.title()).toBe('Nope');`);
    assert.equal(wrong.error, 'script failed: expected "Sign in" to be "Nope"');

    const refused = {
      require: "require('node:fs').readFileSync('/etc/passwd', 'utf8')",
      process: 'process.env.SECRET_KEY',
      fetch: "await fetch('http://127.0.0.2:9/')",
      constructorEscape: "this.constructor.constructor('return process')().exit(1)",
      pageInternals: "await page.evaluate('1')",
    };
    for (const [what, code] of Object.entries(refused)) {
      const out = await run(code);
      assert.equal(out.status, 'down', what);
      const expected = {
        require: 'script failed: require is not defined',
        process: 'script failed: process is not defined',
        fetch: 'script failed: fetch is not defined',
        constructorEscape: 'script failed: process is not defined',
        pageInternals: 'script failed: page.evaluate is not a function',
      }[what];
      assert.equal(out.error, expected, what);
    }
  });
});
