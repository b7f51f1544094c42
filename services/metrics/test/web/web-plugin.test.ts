import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Fastify from 'fastify';
import { webPlugin } from '../../src/platform/web/web-plugin.js';

describe('web plugin', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'metrics-web-'));
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  async function appOn(dist: string) {
    const app = Fastify();
    app.get('/api/analyses', async () => []);
    await app.register(webPlugin({ distDir: dist }));
    return app;
  }

  test('serves the build, falls back to index.html for app paths, and leaves /api and /docs alone', async () => {
    const dist = tempDir();
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(dist, '.secret'), 'no');
    const app = await appOn(dist);

    const home = await app.inject('/');
    assert.equal(home.statusCode, 200);
    assert.match(home.headers['content-type'] as string, /text\/html/);
    assert.equal(home.headers['cache-control'], 'no-cache');
    assert.match(home.body, /id="root"/);

    const asset = await app.inject('/assets/index-abc.js');
    assert.equal(asset.statusCode, 200);
    assert.match(asset.headers['content-type'] as string, /javascript/);
    assert.match(asset.headers['cache-control'] as string, /immutable/);

    const deep = await app.inject('/analyses/3/insights/gate?max_cc=4');
    assert.equal(deep.statusCode, 200);
    assert.match(deep.body, /id="root"/);

    assert.match((await app.inject('/.secret')).body, /id="root"/, 'dot files are not served');
    assert.equal((await app.inject('/assets/gone.js')).statusCode, 404);
    assert.equal((await app.inject('/api/unknown')).statusCode, 404);
    assert.equal((await app.inject('/docs/nothing-here')).statusCode, 404);
    assert.equal((await app.inject('/api/analyses')).body, '[]');
    await app.close();
  });

  test('answers 503 with build instructions when the UI was never built', async () => {
    const app = await appOn(tempDir());
    const res = await app.inject('/');
    assert.equal(res.statusCode, 503);
    assert.match(res.body, /npm run build -w services\/metrics\/web/);
    await app.close();
  });
});
