import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needChromium } from '@app/kit/testing';
import type { Page } from 'playwright-core';
import { type BrowserSession, shot, signIn, startBrowser } from './browser.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor, tokenFor } from './service.js';
import { ensureWebBuild } from './web-build.js';

interface Monitor {
  id: number;
  name: string;
  url: string;
}

describe('import: preview first, then confirm with a choice', { skip: needChromium() }, () => {
  let svc: RunningMonitor;
  let chrome: BrowserSession;
  let page: Page;
  let token: string;

  before(async () => {
    await ensureWebBuild();
    [svc, chrome] = await Promise.all([startMonitor(), startBrowser()]);
    token = await tokenFor(svc.base, ADMIN.username, ADMIN.password);
    await apiCall(svc.base, token, 'POST', '/api/monitors', {
      name: 'Existing',
      url: 'http://127.0.0.1:9/old',
      check_interval_seconds: 3600,
    });
    page = (await chrome.open(svc.base)).page;
    await signIn(page, ADMIN.username, ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Import / export' })
      .click();
  });
  after(async () => {
    await chrome?.close();
    await svc?.stop();
  });

  const list = () => apiCall<Monitor[]>(svc.base, token, 'GET', '/api/monitors');
  const file = join(tmpdir(), `monitors-preview-${process.pid}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      monitors: [
        { name: 'Existing', url: 'http://127.0.0.1:9/new', check_interval_seconds: 3600 },
        { name: 'Fresh', url: 'http://127.0.0.1:9/fresh', check_interval_seconds: 3600 },
      ],
    }),
  );

  test('choosing a file shows counts and writes nothing; the default skips the existing name', async () => {
    await page.getByLabel('Monitors file to import (JSON)').setInputFiles(file);
    const preview = page.getByRole('region', { name: 'Import preview' });
    await preview.locator('[data-preview="new"]', { hasText: '1' }).waitFor();
    assert.equal(await preview.locator('[data-preview="existing"]').textContent(), '1');
    assert.equal(await preview.locator('[data-preview="invalid"]').textContent(), '0');
    assert.ok(await page.getByLabel('Skip existing').isChecked());
    await shot(page, 'import-preview');
    assert.deepEqual(
      (await list()).map((m) => m.name),
      ['Existing'],
      'nothing written before confirming',
    );
    await page.getByRole('button', { name: 'Import 1 monitor' }).click();
    await page.getByText('created 1, updated 0, skipped 1').waitFor();
    const after = await list();
    assert.deepEqual(after.map((m) => m.name).sort(), ['Existing', 'Fresh']);
    assert.equal(after.find((m) => m.name === 'Existing')!.url, 'http://127.0.0.1:9/old');
  });

  test('update by name changes the existing monitors instead of duplicating them', async () => {
    await page.getByLabel('Monitors file to import (JSON)').setInputFiles(file);
    await page.locator('[data-preview="existing"]', { hasText: '2' }).waitFor();
    await page.getByLabel('Update by name').check();
    await page.getByRole('button', { name: 'Import 2 monitors' }).click();
    await page.getByText('created 0, updated 2, skipped 0').waitFor();
    const after = await list();
    assert.deepEqual(after.map((m) => m.name).sort(), ['Existing', 'Fresh']);
    assert.equal(after.find((m) => m.name === 'Existing')!.url, 'http://127.0.0.1:9/new');
  });

  test('a file with an invalid entry cannot be confirmed and shows the entry', async () => {
    const bad = join(tmpdir(), `monitors-preview-bad-${process.pid}.json`);
    writeFileSync(bad, JSON.stringify([{ name: 'Ok', url: 'http://127.0.0.1:9/' }, { name: '' }]));
    await page.getByLabel('Monitors file to import (JSON)').setInputFiles(bad);
    await page.locator('[data-preview="invalid"]', { hasText: '1' }).waitFor();
    await page
      .getByRole('table', { name: 'Import errors' })
      .getByRole('cell', { name: '#2' })
      .first()
      .waitFor();
    assert.equal(await page.getByRole('button', { name: /^Import \d/ }).count(), 0);
    assert.equal((await list()).length, 2);
  });
});
