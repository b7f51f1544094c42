// The layering rules fire: scripts/dep-rules.mjs (what `npm run lint:deps` runs) on a small tree with one
// deliberate violation of each kind (and one allowed import, web UI to its shared types; the store's import of the engine breaks two rules) reports each by its rule's name and fails. Run it by hand to see the
// report: `cd scripts/dep-rules/fixtures && node ../../dep-rules.mjs --no-cache`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

const fixtures = new URL('./fixtures/', import.meta.url).pathname;
const script = new URL('../dep-rules.mjs', import.meta.url).pathname;

test('lint:deps reports each deliberate violation by rule name and exits 1', () => {
  const res = spawnSync(process.execPath, [script, '--no-cache'], { cwd: fixtures, encoding: 'utf8' });
  assert.equal(res.status, 1, res.stderr);
  const lines = res.stdout.split('\n');
  const has = (text: string) =>
    assert.ok(
      lines.some((l) => l.startsWith(text)),
      `${text}\n${res.stdout}`,
    );
  has(
    'store-imports-no-domain: services/monitor/src/store/monitors-repo.ts → services/monitor/src/engine/monitors/monitor.ts',
  );
  has(
    'web-imports-only-shared-types: services/monitor/web/src/app.ts → services/monitor/src/engine/monitors/monitor.ts',
  );
  // The circle is reported once, from whichever of its two files the cruise meets first.
  assert.match(
    res.stdout,
    /^no-circular: services\/monitor\/src\/(engine\/monitors\/monitor|store\/monitors-repo)\.ts → /m,
  );
  has(
    'checks-import-no-service-code: services/monitor/src/engine/checks/http.ts → services/monitor/src/engine/monitors/monitor.ts',
  );
  has('kit-imports-no-service: packages/kit/src/index.ts → services/monitor/src/engine/monitors/monitor.ts');
  // The engine importing alerting, a layer above it; the store's import of the engine is below too.
  has(
    'layer-order: services/monitor/src/engine/monitors/monitor.ts → services/monitor/src/alerting/incidents.ts',
  );
  has(
    'layer-order: services/monitor/src/store/monitors-repo.ts → services/monitor/src/engine/monitors/monitor.ts',
  );
  has('no-folder-cycle: services/monitor/src: engine <-> store');
  assert.match(res.stdout, /7 modules cruised: 8 new violations/);
});
