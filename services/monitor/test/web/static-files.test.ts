import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { resolveStatic } from '../../src/platform/web/static-files.js';

describe('static files of the dashboard build', () => {
  const root = mkdtempSync(join(tmpdir(), 'mon-dist-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'export {}');
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
  writeFileSync(join(root, '.env'), 'SECRET=1');
  writeFileSync(join(tmpdir(), 'outside.txt'), 'no');

  test('hashed assets are cached for a year, other files revalidated, with their content types', () => {
    const js = resolveStatic(root, '/assets/index-abc123.js');
    assert.equal(js?.contentType, 'text/javascript; charset=utf-8');
    assert.equal(js?.cacheControl, 'public, max-age=31536000, immutable');
    const svg = resolveStatic(root, '/favicon.svg?v=2');
    assert.equal(svg?.contentType, 'image/svg+xml');
    assert.equal(svg?.cacheControl, 'no-cache');
    assert.match(svg?.etag ?? '', /^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  });

  test('nothing outside the build, no hidden files, no directories, no missing files', () => {
    for (const p of [
      '/../outside.txt',
      '/assets/../../outside.txt',
      '/%2e%2e/outside.txt',
      '/..%2foutside.txt',
      '/.env',
      '/assets',
      '/',
      '/missing.js',
      '/%E0%A4%A',
      '/index.html%00.js',
    ]) {
      assert.equal(resolveStatic(root, p), null, p);
    }
  });
});
