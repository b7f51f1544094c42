// Every kind of bad input yields a row with parse_error, never a crash or a stack overflow.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyzeSource, initPyscan } from '../src/index.js';

before(() => initPyscan());

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

test('a syntax error gives parse_error with its line, raw counts still filled', () => {
  const r = analyzeSource(enc('x = 1\ndef f(:\n    pass\n'), 'bad.py');
  assert.match(r.file.parse_error ?? '', /syntax error/);
  assert.equal(r.file.loc, 3);
  assert.equal(r.file.mi, null);
  assert.equal(r.file.cc_total, null);
  assert.deepEqual(r.functions, []);
});

test('Python 2 code is refused (print statement, 0777, 10L)', () => {
  assert.match(analyzeSource('print "hello"\n', 'p2.py').file.parse_error ?? '', /Python 2/);
  assert.match(analyzeSource('x = 0777\n', 'p2.py').file.parse_error ?? '', /Python 2/);
  assert.match(analyzeSource('x = 10L\n', 'p2.py').file.parse_error ?? '', /Python 2/);
  assert.equal(analyzeSource('x = 0o777 + 00 + 0\nlst = [1, 2]\n', 'p3.py').file.parse_error, null);
});

test('undecodable bytes and NUL bytes give parse_error', () => {
  const bad = analyzeSource(
    new Uint8Array([0x78, 0x20, 0x3d, 0x20, 0x27, 0xff, 0xfe, 0x27, 0x0a]),
    'bytes.py',
  );
  assert.match(bad.file.parse_error ?? '', /cannot decode as utf-8/);
  const nul = analyzeSource(enc('x = 1\n\0\n'), 'nul.py');
  assert.match(nul.file.parse_error ?? '', /NUL/);
  const unknown = analyzeSource(enc('# -*- coding: klingon -*-\nx = 1\n'), 'enc.py');
  assert.match(unknown.file.parse_error ?? '', /unknown encoding/);
});

test('PEP 263 cookies and a UTF-8 BOM are honoured', () => {
  const latin = new Uint8Array([
    ...enc('# -*- coding: latin-1 -*-\ns = "caf'),
    0xe9,
    ...enc('"\nif s:\n    pass\n'),
  ]);
  const r = analyzeSource(latin, 'latin.py');
  assert.equal(r.file.parse_error, null);
  assert.equal(r.file.cc_total, 2);
  const bom = analyzeSource(new Uint8Array([0xef, 0xbb, 0xbf, ...enc('def f():\n    return 1\n')]), 'bom.py');
  assert.equal(bom.file.parse_error, null);
  assert.equal(bom.functions[0]?.name, 'f');
  assert.equal(bom.file.loc, 2);
});

test('a file over the size cap gives parse_error', () => {
  const big = new Uint8Array(5 * 1024 * 1024).fill(0x20);
  assert.match(analyzeSource(big, 'big.py').file.parse_error ?? '', /file too large/);
});

test('5,000-deep nesting gives parse_error without overflowing the stack', () => {
  const parens = `x = ${'('.repeat(5000)}1${')'.repeat(5000)}\n`;
  assert.match(analyzeSource(parens, 'parens.py').file.parse_error ?? '', /nested parentheses/);
  const nots = `y = ${'not '.repeat(5000)}x\n`;
  assert.match(analyzeSource(nots, 'nots.py').file.parse_error ?? '', /too deep/);
  let src = '';
  for (let i = 0; i < 300; i++) src += `${' '.repeat(i)}if x:\n`;
  src += `${' '.repeat(300)}pass\n`;
  assert.match(analyzeSource(src, 'indent.py').file.parse_error ?? '', /indentation/);
  const ok = analyzeSource(
    `x = ${'['.repeat(150)}${']'.repeat(150)}\ny = ${'not '.repeat(900)}x\n`,
    'deep-ok.py',
  );
  assert.equal(ok.file.parse_error, null);
  assert.equal(ok.file.N1, 900);
});

test('Python 3.12 syntax parses and is measured by the same rules', () => {
  const src = [
    'type Pair[T] = tuple[T, T]',
    'def first[T](xs: list[T]) -> T:',
    '    return xs[0] if xs else None',
    'class Box[T]:',
    '    def get(self) -> T:',
    '        return f"{f\'{self!r:>{10}}\'}"',
    'def walrus(xs):',
    '    if (n := len(xs)) > 1 and n < 5:',
    '        return n',
    'async def fetch(urls):',
    '    async for u in urls:',
    '        async with u as c:',
    '            pass',
    '',
  ].join('\n');
  const r = analyzeSource(src, 'new.py');
  assert.equal(r.file.parse_error, null);
  const cc = Object.fromEntries(r.functions.map((f) => [f.name, f.complexity]));
  assert.deepEqual(cc, { first: 2, get: 1, walrus: 3, fetch: 2 });
});
