import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CHECK_TYPES, MONITOR_TYPES, SERVICE_FIELDS } from '../../src/engine/checks/index.js';
import { MonitorTypeSchema } from '../../src/engine/monitors/monitor-fields.js';
import { CHECK_TYPES as WEB_CHECK_TYPES } from '../../src/shared-types/check-types.js';

// The recipe "A new check type" (CONTRIBUTING.md) adds a type in the registry and in the web
// form's table: these keep the two halves, and what is derived from them, in step.
describe('check types', () => {
  test('the API accepts exactly the registry’s types, in its order', () => {
    const literals = (MonitorTypeSchema as unknown as { anyOf: { const: string }[] }).anyOf.map(
      (s) => s.const,
    );
    assert.deepEqual(literals, MONITOR_TYPES);
  });

  test('the web form offers every type of the registry, and no other', () => {
    assert.deepEqual(Object.keys(WEB_CHECK_TYPES), MONITOR_TYPES);
  });

  test('a service check on one side is one on the other, with the same service fields', () => {
    for (const name of MONITOR_TYPES) {
      const server = CHECK_TYPES[name];
      const web = WEB_CHECK_TYPES[name];
      assert.equal(web.service === true, server.service !== undefined, name);
      const webFields = SERVICE_FIELDS.filter((f) => (web.fields as string[]).includes(f));
      const serverFields = SERVICE_FIELDS.filter((f) => server.service?.reads.includes(f));
      assert.deepEqual(webFields, serverFields, name);
    }
  });
});
