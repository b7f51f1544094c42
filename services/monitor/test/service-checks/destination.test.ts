import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withDefaults } from '../../src/engine/monitors/monitor-input.js';
import { destination, resolveMasks, splitSecrets } from '../../src/engine/monitors/monitor-secrets.js';

test('non-web schemes compare scheme, host and port (WHATWG gives them all the origin "null")', () => {
  assert.equal(new URL('postgres://h/db').origin, 'null');
  assert.equal(destination('postgres://u:p@DB.example.com/orders'), 'postgres://db.example.com:5432');
  assert.equal(destination('postgres://db.example.com:5432/other'), 'postgres://db.example.com:5432');
  assert.notEqual(destination('postgres://db.example.com/x'), destination('postgres://db2.example.com/x'));
  assert.notEqual(destination('redis://h:6379'), destination('redis://h:6380'));
  assert.notEqual(destination('redis://h'), destination('rediss://h'));
  assert.equal(destination('mysql://[::1]/x'), 'mysql://[::1]:3306');
  assert.equal(destination('https://A.example/x'), 'https://a.example');
  // Without a scheme (a tcp monitor's host:port) the text is the destination.
  assert.equal(destination('db.example.com:5432'), 'db.example.com:5432');
});

test('a URL password mask is kept for the same server and refused for another one', () => {
  const stored = splitSecrets(
    withDefaults({
      name: 'db',
      monitor_type: 'postgres',
      url: 'postgres://app:s3cret@db.example.com/orders',
    }),
  );
  const masked = stored.config.url!;
  assert.equal(masked, 'postgres://app:********@db.example.com/orders');
  const same = resolveMasks({ ...stored.config, url: masked.replace('/orders', '/billing') }, stored);
  assert.deepEqual(same.problems, []);
  assert.equal(same.config.url, 'postgres://app:s3cret@db.example.com/billing');
  const elsewhere = resolveMasks(
    { ...stored.config, url: masked.replace('db.example.com', 'evil.example') },
    stored,
  );
  assert.deepEqual(
    elsewhere.problems.map((p) => p.path),
    ['url'],
  );
});
