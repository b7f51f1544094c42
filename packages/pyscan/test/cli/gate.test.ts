// Exit codes, the --fail-on grammar and one-line errors, from a real CLI process.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pyFunction, pyscan, tempTree } from './helpers.js';

let tree: ReturnType<typeof tempTree>;
before(() => {
  tree = tempTree({
    'a.py': `${pyFunction('small', 3)}\n\ndef deep(x):\n    for i in x:\n        while i:\n            if i:\n                with i:\n                    try:\n                        pass\n                    except E:\n                        pass\n`,
    'b.py': pyFunction('big', 22, 3),
  });
});
after(() => tree.cleanup());

function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, 1, `one line on stderr, got:\n${stderr}`);
  return lines[0] ?? '';
}

describe('exit codes', () => {
  test('0 when no limit is broken, 1 when one is, with every item listed', () => {
    assert.equal(pyscan([tree.dir, '--fail-on', 'cc>22']).status, 0);
    const res = pyscan([tree.dir, '--fail-on', 'cc>=22, nesting>4 ,rank>=D', '--fail-on', 'params=3']);
    assert.equal(res.status, 1);
    const gate = res.stdout.slice(res.stdout.indexOf('gate failed'));
    assert.deepEqual(gate.trim().split('\n'), [
      'gate failed: 4 items break cc>=22, nesting>4, rank>=D, params=3',
      '  a.py:9: deep: nesting 5 (limit nesting>4)',
      '  b.py:1: big: cc 22 (limit cc>=22)',
      '  b.py:1: big: rank D (limit rank>=D)',
      '  b.py:1: big: params 3 (limit params=3)',
    ]);
  });

  test('2 with one line for a missing folder, never a stack trace', () => {
    const res = pyscan([join(tree.dir, 'nope')]);
    assert.equal(res.status, 2);
    assert.equal(oneLine(res.stderr), `pyscan: ${join(tree.dir, 'nope')}: no such file or folder`);
    assert.equal(res.stdout, '');
  });

  test('2 for an unknown flag, a bad format or a bad number', () => {
    assert.match(
      oneLine(pyscan([tree.dir, '--frobnicate']).stderr),
      /^pyscan: Unknown option '--frobnicate'/,
    );
    const fmt = pyscan([tree.dir, '--format', 'xml']);
    assert.equal(fmt.status, 2);
    assert.equal(
      oneLine(fmt.stderr),
      "pyscan: --format must be one of text, json, csv, sarif, github, gitlab, markdown, not 'xml'",
    );
    assert.equal(
      oneLine(pyscan([tree.dir, '--top', '0']).stderr),
      "pyscan: --top needs a positive integer, not '0'",
    );
    assert.equal(
      oneLine(pyscan([tree.dir, '--changed-only']).stderr),
      'pyscan: --changed-only needs --diff <git-ref>',
    );
  });

  test('--help reads like radon: usage, arguments, options with defaults, exit codes', () => {
    const res = pyscan(['--help']);
    assert.equal(res.status, 0);
    assert.match(res.stdout, /^usage: pyscan \[-h\]/);
    for (const part of [
      'positional arguments:',
      'options:',
      '(default: text)',
      '--fail-on RULES',
      'exit codes:',
      '2  usage',
    ]) {
      assert.ok(res.stdout.includes(part), part);
    }
    assert.match(pyscan(['--version']).stdout, /^pyscan \d+\.\d+\.\d+\n$/);
  });
});

describe('the --fail-on grammar', () => {
  test('an unknown metric lists the valid names', () => {
    const res = pyscan([tree.dir, '--fail-on', 'cc>15,complexity>3']);
    assert.equal(res.status, 2);
    assert.equal(
      oneLine(res.stderr),
      "pyscan: unknown metric 'complexity' in --fail-on; valid metrics: cc, rank, cognitive, params, nesting, nloc, health, health_decline, mi, mi_rank, loc, sloc, lloc, typed, documented, cycles, contracts, coverage, new_coverage",
    );
  });

  test('a missing operator, a bad number or a bad rank letter are usage errors', () => {
    assert.match(
      oneLine(pyscan([tree.dir, '--fail-on', 'cc15']).stderr),
      /invalid --fail-on rule 'cc15': expected <metric><op><value>/,
    );
    assert.match(oneLine(pyscan([tree.dir, '--fail-on', 'cc=>15']).stderr), /invalid value '>15' for cc/);
    assert.match(
      oneLine(pyscan([tree.dir, '--fail-on', 'cc>ten']).stderr),
      /invalid value 'ten' for cc in --fail-on: a number/,
    );
    assert.match(
      oneLine(pyscan([tree.dir, '--fail-on', 'rank>G']).stderr),
      /invalid value 'G' for rank in --fail-on: a letter A-F/,
    );
    assert.match(oneLine(pyscan([tree.dir, '--fail-on', 'mi_rank>=D']).stderr), /a letter A-C/);
  });

  test('file metrics apply to files: mi, loc; rank letters compare in order', () => {
    const res = pyscan([tree.dir, '--fail-on', 'loc>20,mi_rank>A,rank<b', '--format', 'json']);
    assert.equal(res.status, 1);
    // biome-ignore lint/suspicious/noExplicitAny: a parsed document checked field by field
    const doc: any = JSON.parse(res.stdout);
    assert.deepEqual(
      doc.gate.violations.map((v: { rule: string; scope: string; name: string; value: unknown }) => [
        v.rule,
        v.scope,
        v.name,
        v.value,
      ]),
      [
        ['rank<B', 'function', 'small', 'A'],
        ['rank<B', 'function', 'deep', 'A'],
        ['loc>20', 'file', 'b.py', 44],
      ],
    );
  });
});
