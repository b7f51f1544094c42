import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { matchStatus, parseStatusCodes, type StatusMatcher } from './status-codes.js';

function parsed(text: string): StatusMatcher {
  const res = parseStatusCodes(text);
  if (!res.ok) throw new Error(`expected ${text} to parse: ${res.message}`);
  return res.matcher;
}

function matches(text: string, code: number): boolean {
  return matchStatus(parsed(text), code);
}

describe('parseStatusCodes: valid forms', () => {
  test('exact code', () => {
    assert.deepEqual(parsed('200').include, [{ from: 200, to: 200 }]);
    assert.equal(matches('200', 200), true);
    assert.equal(matches('200', 201), false);
  });

  test('class, either case', () => {
    assert.deepEqual(parsed('2xx').include, [{ from: 200, to: 299 }]);
    assert.deepEqual(parsed('3XX').include, [{ from: 300, to: 399 }]);
    assert.equal(matches('2xx', 299), true);
    assert.equal(matches('2xx', 300), false);
    assert.equal(matches('1xx', 100), true);
    assert.equal(matches('5xx', 599), true);
  });

  test('range', () => {
    assert.deepEqual(parsed('200-204').include, [{ from: 200, to: 204 }]);
    assert.equal(matches('200-204', 204), true);
    assert.equal(matches('200-204', 205), false);
    assert.deepEqual(parsed('301-301').include, [{ from: 301, to: 301 }]);
  });

  test('negated code and class alone match everything else', () => {
    assert.equal(matches('!503', 503), false);
    assert.equal(matches('!503', 500), true);
    assert.equal(matches('!503', 200), true);
    assert.equal(matches('!5xx', 502), false);
    assert.equal(matches('!5xx', 404), true);
    assert.equal(matches('!500-504', 504), false);
  });

  test('lists with , and | and spaces', () => {
    const m = parsed(' 2xx , 301 | 400-404, !204 ');
    assert.equal(m.text, '2xx,301,400-404,!204');
    assert.equal(matchStatus(m, 200), true);
    assert.equal(matchStatus(m, 204), false);
    assert.equal(matchStatus(m, 301), true);
    assert.equal(matchStatus(m, 302), false);
    assert.equal(matchStatus(m, 403), true);
    assert.equal(matchStatus(m, 500), false);
  });

  test('negation wins over a positive item', () => {
    assert.equal(matches('5xx,!503', 503), false);
    assert.equal(matches('5xx,!503', 502), true);
    assert.equal(matches('503|!503', 503), false);
  });
});

describe('parseStatusCodes: malformed input', () => {
  const cases: Array<[string, string]> = [
    [
      '',
      'the list is empty: expected a code (200), a class (2xx), a range (200-299) or a negation (!503, !5xx)',
    ],
    [
      '   ',
      'the list is empty: expected a code (200), a class (2xx), a range (200-299) or a negation (!503, !5xx)',
    ],
    ['200,,300', 'item 2 is empty (a stray "," or "|"?)'],
    ['200,', 'item 2 is empty (a stray "," or "|"?)'],
    ['|200', 'item 1 is empty (a stray "," or "|"?)'],
    ['6xx', 'item 1 "6xx" is not a status class: classes are 1xx to 5xx'],
    ['0xx', 'item 1 "0xx" is not a status class: classes are 1xx to 5xx'],
    ['99', 'item 1 "99" is not a status code: codes are 100 to 599'],
    ['200,600', 'item 2 "600" is not a status code: codes are 100 to 599'],
    ['300-200', 'item 1 "300-200" is reversed: a range starts at its lower code (e.g. 200-299)'],
    ['200-', 'item 1 "200-" is missing the end of its range (e.g. 200-299)'],
    ['-299', 'item 1 "-299" is missing the start of its range (e.g. 200-299)'],
    ['200-700', 'item 1 "200-700" has a range bound outside 100 to 599'],
    [
      '2x',
      'item 1 "2x" is not valid: expected a code (200), a class (2xx), a range (200-299) or a negation (!503, !5xx)',
    ],
    ['!', 'item 1 "!" negates nothing: write !503 or !5xx'],
    ['200, ! ', 'item 2 "!" negates nothing: write !503 or !5xx'],
    [
      '!!503',
      'item 1 "!!503" is not valid: expected a code (200), a class (2xx), a range (200-299) or a negation (!503, !5xx)',
    ],
    [
      'ok',
      'item 1 "ok" is not valid: expected a code (200), a class (2xx), a range (200-299) or a negation (!503, !5xx)',
    ],
    [
      '200;201',
      'item 1 "200;201" is not valid: expected a code (200), a class (2xx), a range (200-299) or a negation (!503, !5xx)',
    ],
    [
      '2.5e2',
      'item 1 "2.5e2" is not valid: expected a code (200), a class (2xx), a range (200-299) or a negation (!503, !5xx)',
    ],
  ];
  for (const [text, message] of cases) {
    test(JSON.stringify(text), () => {
      assert.deepEqual(parseStatusCodes(text), { ok: false, message });
    });
  }
});
