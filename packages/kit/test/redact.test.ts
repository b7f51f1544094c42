import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { REDACTED, secretScrubber } from '../src/log/redact.js';

const scrub = secretScrubber({ secretPathPrefixes: ['/api/heartbeat/'] });
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXZhbHVl';
const key = 'mon_AbCdEf0123456789_-xyz';

describe('secretScrubber', () => {
  test('secret query parameters, in any case and any percent-spelling of their name', () => {
    assert.equal(scrub('/x?token=abc&b=1'), `/x?token=${REDACTED}&b=1`);
    assert.equal(scrub('/x?a=1&TICKET=abc#f'), `/x?a=1&TICKET=${REDACTED}#f`);
    assert.equal(scrub('/x?%74oken=abc'), `/x?%74oken=${REDACTED}`);
    assert.equal(scrub('/x?access%5Ftoken=abc'), `/x?access%5Ftoken=${REDACTED}`);
    for (const name of ['api_key', 'apikey', 'key', 'password', 'secret', 'signature', 'code', 'sig']) {
      assert.equal(scrub(`/x?${name}=s3cr3t`), `/x?${name}=${REDACTED}`, name);
    }
  });

  test('the longer names of query credentials, `-` read as `_` (apitoken, X-Amz-Signature, API-Key)', () => {
    for (const name of [
      'apitoken',
      'api_token',
      'ApiToken',
      'auth_token',
      'access_key',
      'pwd',
      'X-Amz-Signature',
      'API-Key',
    ]) {
      assert.equal(scrub(`/x?${name}=s3cr3t&page=2`), `/x?${name}=${REDACTED}&page=2`, name);
    }
  });

  test('harmless parameters and names that merely contain a secret word are kept', () => {
    assert.equal(
      scrub('/api/monitors?limit=10&monkey=1&tokens=2'),
      '/api/monitors?limit=10&monkey=1&tokens=2',
    );
  });

  test('the segment after a secret path prefix, also when the prefix is percent-encoded', () => {
    assert.equal(scrub('/api/heartbeat/tok123/fail'), `/api/heartbeat/${REDACTED}/fail`);
    assert.equal(scrub('/api/heartbeat/tok123?x=1'), `/api/heartbeat/${REDACTED}?x=1`);
    assert.equal(scrub('/api/%68eartbeat/tok123'), `/api/%68eartbeat/${REDACTED}`);
  });

  test('JWTs and mon_ keys anywhere, inside a JSON log line too', () => {
    const line = JSON.stringify({ msg: `bad ${jwt} and ${key}`, req: { url: `/x?y=${key}` } });
    const out = scrub(line);
    assert.ok(!out.includes(jwt) && !out.includes(key), out);
    assert.deepEqual(JSON.parse(out).req.url, `/x?y=${REDACTED}`);
    assert.equal(scrub('/x?y=mon%5FAbCdEf0123'), `/x?y=${REDACTED}`);
  });

  test('credential-named JSON properties, but not error codes', () => {
    const line = JSON.stringify({
      refresh_token: 'r-1',
      new_password: 'p"w',
      code: 'E_X',
      err: { code: 'E' },
    });
    const out = JSON.parse(scrub(line));
    assert.equal(out.refresh_token, REDACTED);
    assert.equal(out.new_password, REDACTED);
    assert.equal(out.code, 'E_X');
  });
});
