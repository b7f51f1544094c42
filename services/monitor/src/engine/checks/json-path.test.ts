import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { jsonValueMatches, type PathKey, parseJsonPath, resolveJsonPath } from './json-path.js';

function keys(path: string): PathKey[] {
  const res = parseJsonPath(path);
  if (!res.ok) throw new Error(res.message);
  return res.keys;
}

describe('parseJsonPath', () => {
  test('dotted, bracketed and mixed forms', () => {
    assert.deepEqual(keys('status'), ['status']);
    assert.deepEqual(keys('$.status'), ['status']);
    assert.deepEqual(keys('$.data.items[0].name'), ['data', 'items', 0, 'name']);
    assert.deepEqual(keys('checks["db.main"].ok'), ['checks', 'db.main', 'ok']);
    assert.deepEqual(keys("$['a b'][2]"), ['a b', 2]);
    assert.deepEqual(keys('[1].id'), [1, 'id']);
    assert.deepEqual(keys('items.0.id'), ['items', '0', 'id']);
    assert.deepEqual(keys('$'), []);
    assert.deepEqual(keys(''), []);
  });

  test('malformed paths name the problem', () => {
    assert.deepEqual(parseJsonPath('a..b'), {
      ok: false,
      message: 'expected a name at position 3 of "a..b"',
    });
    assert.deepEqual(parseJsonPath('a[0'), { ok: false, message: 'unclosed "[" at position 2 of "a[0"' });
    assert.deepEqual(parseJsonPath('a[x]'), {
      ok: false,
      message: '"[x]" in "a[x]" is neither an index nor a quoted key',
    });
    assert.deepEqual(parseJsonPath('$x'), { ok: false, message: 'unexpected "x" at position 2 of "$x"' });
    assert.deepEqual(parseJsonPath('a.'), { ok: false, message: 'expected a name at position 3 of "a."' });
  });
});

describe('resolveJsonPath', () => {
  const doc = { data: { items: [{ name: 'first' }, { name: 'second' }] }, 'db.main': { ok: true }, n: null };

  test('walks objects and arrays', () => {
    assert.equal(resolveJsonPath(doc, keys('data.items[1].name')), 'second');
    assert.equal(resolveJsonPath(doc, keys('data.items.0.name')), 'first');
    assert.equal(resolveJsonPath(doc, keys('["db.main"].ok')), true);
    assert.equal(resolveJsonPath(doc, keys('n')), null);
    assert.deepEqual(resolveJsonPath(doc, keys('$')), doc);
  });

  test('missing steps give undefined', () => {
    assert.equal(resolveJsonPath(doc, keys('data.items[5].name')), undefined);
    assert.equal(resolveJsonPath(doc, keys('data.nope')), undefined);
    assert.equal(resolveJsonPath(doc, keys('n.x')), undefined);
    assert.equal(resolveJsonPath(doc, keys('data.items.first')), undefined);
    assert.equal(resolveJsonPath(doc, keys('constructor')), undefined);
  });
});

describe('jsonValueMatches', () => {
  test('strings compare as text, with or without JSON quotes', () => {
    assert.equal(jsonValueMatches('ok', 'ok'), true);
    assert.equal(jsonValueMatches('ok', '"ok"'), true);
    assert.equal(jsonValueMatches('ok', 'OK'), false);
    assert.equal(jsonValueMatches('42', '42'), true);
  });

  test('other values compare structurally as JSON', () => {
    assert.equal(jsonValueMatches(42, '42'), true);
    assert.equal(jsonValueMatches(42, '42.0'), true);
    assert.equal(jsonValueMatches(42, '"42"'), false);
    assert.equal(jsonValueMatches(true, 'true'), true);
    assert.equal(jsonValueMatches(null, 'null'), true);
    assert.equal(jsonValueMatches([1, 2], '[1, 2]'), true);
    assert.equal(jsonValueMatches({ a: 1, b: [2] }, '{"b":[2],"a":1}'), true);
    assert.equal(jsonValueMatches({ a: 1 }, 'not json'), false);
  });
});
