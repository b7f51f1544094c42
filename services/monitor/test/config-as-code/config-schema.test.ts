import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { Value } from 'typebox/value';
import { MonitorBody } from '../../src/engine/monitors/monitor-body.js';
import { configFields } from '../../src/engine/monitors/monitor-fields.js';
import {
  ConfigDocument,
  ID_FIELDS,
  MonitorEntry,
  PLACEMENT_FIELDS,
} from '../../src/operations/config-as-code/config-document.js';
import { CHECK_TYPES } from '../../src/shared-types/check-types.js';
import { type Harness, startHarness } from '../engine/harness.js';
import { baseFile, yamlOf } from './config-files.js';

// The published schema: the file in the repository is what the service serves, and it follows the
// API's monitor fields and check types without an edit to config-as-code.

const SCHEMA_FILE = new URL('../../config-schema.json', import.meta.url);
const [sqlite] = await testDatabases();

describe('the config file schema', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness(sqlite!);
  });
  after(async () => {
    await h.stop();
  });

  test('services/monitor/config-schema.json equals what /api/config/schema.json serves, without signing in', async () => {
    const res = await h.server.app.inject({ method: 'GET', url: '/api/config/schema.json' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/schema\+json/);
    if (process.env.UPDATE_CONFIG_SCHEMA === '1') writeFileSync(SCHEMA_FILE, `${res.body}\n`);
    assert.deepEqual(
      res.json(),
      JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')),
      'the committed schema is stale: run UPDATE_CONFIG_SCHEMA=1 node scripts/test.mjs services/monitor/test/config-as-code/config-schema.test.ts',
    );
  });

  test('every field of the API monitor body is in the file, applied or named by key instead', () => {
    const handled = new Set<string>([...Object.keys(configFields), ...PLACEMENT_FIELDS, ...ID_FIELDS]);
    const body = Object.keys(MonitorBody.properties);
    assert.deepEqual(
      body.filter((k) => !handled.has(k)),
      [],
      'a monitor field the apply would ignore: handle it in operations/config-as-code',
    );
    const entry = Object.keys(MonitorEntry.properties);
    for (const k of body.filter((k) => !(ID_FIELDS as readonly string[]).includes(k)))
      assert.ok(entry.includes(k), k);
  });

  test('every check type of the registry is a monitor_type of the file', () => {
    const types = (
      (MonitorEntry.properties as Record<string, unknown>).monitor_type as { anyOf: { const: string }[] }
    ).anyOf.map((t) => t.const);
    assert.deepEqual(types.sort(), Object.keys(CHECK_TYPES).sort());
  });

  test('the example file fits the schema, and a misspelt field does not', () => {
    assert.equal(Value.Check(ConfigDocument, baseFile()), true);
    const bad = baseFile();
    (bad.monitors[0] as Record<string, unknown>).interval_seconds = 30;
    assert.equal(Value.Check(ConfigDocument, bad), false);
    assert.ok(yamlOf(baseFile()).includes('key: api'));
  });
});
