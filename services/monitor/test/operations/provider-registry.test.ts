import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { TObject } from 'typebox';
import { CHANNEL_TYPES, isChannelType, providers } from '../../src/alerting/notify/providers/index.js';
import { ChannelTypeSchema } from '../../src/api/channels/schema.js';
import { CHANNEL_TYPES as FORMS } from '../../web/src/channels/channel-types.js';

// The recipe in CONTRIBUTING.md ("A new notification provider") names the provider module, the
// registry and the web form; these checks fail when one of them, or the docs row, is missing or
// disagrees with the provider's schema.

const docs = readFileSync(new URL('../../../../docs/notifications.md', import.meta.url), 'utf8');

/** The cells of the type's row in the Types table of docs/notifications.md. */
function docsRow(type: string): string[] | undefined {
  const line = docs.split('\n').find((l) => l.startsWith(`| \`${type}\` | `));
  return line?.split(' | ');
}

describe('the notification provider registry', () => {
  test('the type names, the API enum and the web forms list the same providers, in one order', () => {
    assert.deepEqual(CHANNEL_TYPES, [
      'webhook',
      'email',
      'slack',
      'discord',
      'telegram',
      'teams',
      'ntfy',
      'pagerduty',
      'matrix',
      'mattermost',
      'rocketchat',
      'googlechat',
      'zulip',
      'pushover',
      'gotify',
      'opsgenie',
      'splunk_oncall',
      'twilio',
      'signal',
      'homeassistant',
      'alertmanager',
    ]);
    assert.deepEqual(
      ChannelTypeSchema.anyOf.map((s) => s.const),
      CHANNEL_TYPES,
    );
    assert.deepEqual(Object.keys(FORMS).sort(), [...CHANNEL_TYPES].sort());
    assert.equal(isChannelType('pagerduty'), true);
    assert.equal(isChannelType('toString'), false);
    assert.equal(isChannelType('sms'), false);
  });

  for (const type of CHANNEL_TYPES) {
    test(`${type}: its secret and destination fields, web form and docs row match its schema`, () => {
      const provider = providers[type];
      assert.equal(provider.type, type);
      const schema = provider.schema as TObject;
      const fields = Object.keys(schema.properties);
      for (const f of [...provider.secretFields, ...provider.destinationFields])
        assert.ok(fields.includes(f), f);

      const form = FORMS[type]!;
      assert.deepEqual(form.fields.map((f) => f.key).sort(), [...fields].sort());
      for (const f of form.fields) {
        assert.equal(f.kind === 'secret', provider.secretFields.includes(f.key), `${f.key} secret`);
        assert.equal(f.required === true, (schema.required ?? []).includes(f.key), `${f.key} required`);
      }

      const row = docsRow(type);
      assert.ok(row, `docs/notifications.md has no row for ${type}`);
      const named = (cell: string) => [...cell.matchAll(/`([a-z_]+)\??`/g)].map((m) => m[1]);
      assert.deepEqual(named(row[2]!), [...provider.secretFields]);
      assert.deepEqual(
        row[3] === 'none' ? [] : named(row[3]!),
        [...provider.destinationFields],
        'Destination column',
      );
    });
  }
});
