import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { freePort, runService } from '@app/kit/testing';
import { buildService } from '../../../../scripts/build-service.mjs';
import { ensureWebBuild } from '../web/web-build.js';

// `npm start` runs the service bundled to plain JavaScript (dist/main.js), not from src/ under tsx:
// files found from the code's own location (package.json, web/dist, the status-page assets, the
// API docs) must be found from the bundle too.
test('the bundle npm start runs answers /readyz, the dashboard, the status-page assets and /api/docs', async () => {
  await ensureWebBuild();
  const built = await buildService('monitor');
  assert.ok(built, 'the monitor service is bundled');
  const port = await freePort();
  const p = runService(built.main!, {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mon-bundle-')),
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'a-long-enough-admin-password',
  });
  try {
    await p.waitFor(/Server listening/);
    const base = `http://127.0.0.1:${port}`;
    const ready = await fetch(`${base}/readyz`);
    assert.equal(ready.status, 200, await ready.text());

    const index = await fetch(`${base}/`);
    assert.equal(index.status, 200);
    assert.match(index.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await index.text(), /<div id="root"><\/div>/);

    const assets = join(new URL('../../src/public-face/status-pages/assets/', import.meta.url).pathname);
    for (const [file, type] of [
      ['status.css', /text\/css/],
      ['status.js', /javascript/],
    ] as const) {
      const res = await fetch(`${base}/status-assets/${file}`);
      assert.equal(res.status, 200, file);
      assert.match(res.headers.get('content-type') ?? '', type);
      assert.equal(await res.text(), readFileSync(join(assets, file), 'utf8'));
    }

    const docs = await fetch(`${base}/api/docs/json`);
    assert.equal(docs.status, 200);
    assert.equal(((await docs.json()) as { openapi?: string }).openapi?.startsWith('3'), true);
    const ui = await fetch(`${base}/api/docs/`);
    assert.equal(ui.status, 200);
    assert.match(await ui.text(), /swagger/i);
  } finally {
    await p.stop();
  }
});
