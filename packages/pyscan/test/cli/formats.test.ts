// Every output format from a real CLI process: JSON against its schema, SARIF against SARIF 2.1.0, CSV, text.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ESC, pyFunction, pyscan, REPORT_SCHEMA, SARIF_SCHEMA, tempTree, validator } from './helpers.js';

let tree: ReturnType<typeof tempTree>;

before(() => {
  tree = tempTree({
    'pkg/__init__.py': '',
    'pkg/simple.py': `${pyFunction('easy', 2)}\n\nclass Box:\n    def get(self, k):\n        return k or None\n`,
    'pkg/hard.py': `${pyFunction('tangled', 17, 8)}\n`,
    'pkg/with space.py': pyFunction('spaced', 16),
    'pkg/broken.py': 'def f(:\n',
    'pkg/tests/test_hard.py': pyFunction('test_big', 30),
  });
});
after(() => tree.cleanup());

describe('--format json', () => {
  test('is one document that validates against schema/pyscan-report.schema.json', () => {
    const res = pyscan([join(tree.dir, 'pkg'), '--format', 'json', '--fail-on', 'cc>15,params>7']);
    assert.equal(res.status, 1, res.stderr);
    // biome-ignore lint/suspicious/noExplicitAny: a parsed document checked field by field
    const doc: any = JSON.parse(res.stdout);
    const validate = validator(REPORT_SCHEMA);
    assert.ok(validate(doc), JSON.stringify(validate.errors, null, 2));
    assert.equal(doc.schema_version, '1.2');
    assert.equal(doc.tool.name, 'pyscan');
    assert.deepEqual(
      doc.files.map((f: { path: string }) => f.path),
      ['__init__.py', 'broken.py', 'hard.py', 'simple.py', 'with space.py'],
    );
    assert.deepEqual(
      doc.classes.map((c: { name: string }) => c.name),
      ['Box'],
    );
    const hard = doc.functions.find((f: { name: string }) => f.name === 'tangled');
    assert.equal(hard.complexity, 17);
    assert.equal(hard.params, 8);
    assert.equal(doc.summary.files, 5);
    assert.equal(doc.summary.parse_errors, 1);
    assert.equal(doc.gate.passed, false);
    assert.deepEqual(doc.gate.rules, ['cc>15', 'params>7']);
    assert.deepEqual(
      doc.gate.violations.map((v: { path: string; line: number; metric: string; value: number }) => [
        v.path,
        v.line,
        v.metric,
        v.value,
      ]),
      [
        ['hard.py', 1, 'cc', 17],
        ['hard.py', 1, 'params', 8],
        ['with space.py', 1, 'cc', 16],
      ],
    );
    assert.equal(doc.diff, null);
    // Milliseconds, not the timer's nanoseconds (documented in docs/pyscan-cli.md).
    assert.equal(doc.summary.duration_s, Number(doc.summary.duration_s.toFixed(3)));
    // The verdict goes to stderr for the CI log when stdout carries the document.
    assert.match(res.stderr, /gate failed: 3 items break cc>15, params>7/);
    assert.match(res.stderr, /hard\.py:1: tangled: cc 17 \(limit cc>15\)/);
  });

  test('--out writes the document to a file and nothing to stdout', () => {
    const out = join(tree.dir, 'report.json');
    const res = pyscan([join(tree.dir, 'pkg'), '-f', 'json', '-o', out]);
    assert.equal(res.status, 0, res.stderr);
    assert.equal(res.stdout, '');
    assert.equal(JSON.parse(readFileSync(out, 'utf8')).gate.passed, true);
  });
});

describe('--format sarif', () => {
  test('validates against the SARIF 2.1.0 schema and has a rule per metric and a result per item', () => {
    const res = pyscan(['pkg', '--format', 'sarif', '--fail-on', 'cc>15,cognitive>100,mi<101'], {
      cwd: tree.dir,
    });
    assert.equal(res.status, 1, res.stderr);
    // biome-ignore lint/suspicious/noExplicitAny: a parsed document checked field by field
    const log: any = JSON.parse(res.stdout);
    const validate = validator(SARIF_SCHEMA);
    assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
    // The schema does reject what code scanning would: a misspelt property, a line 0.
    const bad = structuredClone(log);
    bad.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    bad.runs[0].results[0].rule_id = 'x';
    assert.equal(validate(bad), false);
    assert.equal(log.version, '2.1.0');
    const run = log.runs[0];
    assert.equal(run.tool.driver.name, 'pyscan');
    assert.match(run.tool.driver.version, /^\d+\.\d+\.\d+/);
    // The package publishes no home page, so the log links to none rather than to another tool's.
    assert.equal(run.tool.driver.informationUri, undefined);
    assert.deepEqual(
      run.tool.driver.rules.map((r: { id: string }) => r.id),
      ['pyscan/cc', 'pyscan/cognitive', 'pyscan/mi'],
    );
    const cc = run.results.filter((r: { ruleId: string }) => r.ruleId === 'pyscan/cc');
    assert.equal(cc.length, 2);
    const hard = cc.find((r: { message: { text: string } }) => r.message.text.includes('tangled'));
    assert.equal(hard.level, 'error');
    assert.equal(hard.ruleIndex, 0);
    // Not a git repository: URIs are relative to the current folder, percent-encoded.
    assert.deepEqual(hard.locations[0].physicalLocation, {
      artifactLocation: { uri: 'pkg/hard.py', uriBaseId: '%SRCROOT%' },
      region: { startLine: 1, endLine: 34 },
    });
    const spaced = cc.find((r: { message: { text: string } }) => r.message.text.includes('spaced'));
    assert.equal(spaced.locations[0].physicalLocation.artifactLocation.uri, 'pkg/with%20space.py');
    // mi<101 is a file rule: every measured file breaks it (MI is at most 100); broken.py has no MI.
    const mi = run.results.filter((r: { ruleId: string }) => r.ruleId === 'pyscan/mi');
    assert.equal(mi.length, 4);
    assert.deepEqual(mi[0].locations[0].physicalLocation.region, { startLine: 1 });
    // The message is for people (two decimals); the property keeps the measured value.
    assert.ok(mi.some((r: { properties: { value: number } }) => !Number.isInteger(r.properties.value)));
    for (const r of mi) {
      const value = r.properties.value as number;
      assert.match(
        r.message.text,
        new RegExp(
          `^File .+\\.py has maintainability index ${Number(value.toFixed(2))} \\(limit: mi<101\\)\\.$`,
        ),
      );
    }
  });

  test('without limits it is a valid log with no rules and no results', () => {
    const res = pyscan([join(tree.dir, 'pkg'), '--format', 'sarif']);
    assert.equal(res.status, 0, res.stderr);
    // biome-ignore lint/suspicious/noExplicitAny: a parsed document checked field by field
    const log: any = JSON.parse(res.stdout);
    assert.ok(validator(SARIF_SCHEMA)(log));
    assert.deepEqual(log.runs[0].results, []);
    assert.deepEqual(log.runs[0].tool.driver.rules, []);
  });
});

describe('--format csv', () => {
  test('writes the four CSV files to --out and a one-line summary', () => {
    const out = join(tree.dir, 'csv-out');
    const res = pyscan([join(tree.dir, 'pkg'), '--format', 'csv', '--out', out, '--include-tests']);
    assert.equal(res.status, 0, res.stderr);
    for (const f of ['file.csv', 'class.csv', 'function.csv', 'summary.csv'])
      assert.ok(existsSync(join(out, f)), f);
    assert.match(
      res.stdout,
      /^6 files \(1 with parse_error\), 5 functions, 1 class in [\d.]+ s with 1 thread -> /,
    );
    const fn = readFileSync(join(out, 'function.csv'), 'utf8');
    assert.ok(fn.includes('\r\ntests/test_hard.py,,test_big,'), fn);
  });
});

describe('--format text', () => {
  test('shows the summary, the worst functions and files, and the verdict', () => {
    const res = pyscan([join(tree.dir, 'pkg'), '--fail-on', 'rank>=C', '--top', '2']);
    assert.equal(res.status, 1, res.stderr);
    const out = res.stdout;
    assert.match(out, /^pyscan \d+\.\d+\.\d+ — 5 files, 1 class, 4 functions in [\d.]+ s \(1 thread\)$/m);
    assert.match(out, /ranks A 2, B 0, C 2, D 0, E 0, F 0/);
    assert.match(out, /^not measured {5}1 file:\n {2}broken\.py: /m);
    assert.match(
      out,
      /^lines {12}loc 77, sloc 74, lloc 74, comments 0, blank 3\nc.*\nmaintainability {2}average 67\.1; ranks A 4, B 0, C 0$/m,
    );
    const worst = out.split('Worst functions (of 4, by cyclomatic complexity)\n')[1]?.split('\n') ?? [];
    assert.match(worst[0] ?? '', /^ {2}CC\s+RANK\s+COGNITIVE\s+PARAMS\s+NESTING\s+LOCATION\s+NAME$/);
    assert.match(worst[1] ?? '', /^ {2}17\s+C\s+\d+\s+8\s+1\s+hard\.py:1\s+tangled$/);
    assert.match(worst[2] ?? '', /^ {2}16\s+C\s+.*with space\.py:1\s+spaced$/);
    assert.equal(worst[3], '', '--top 2 keeps two rows');
    assert.match(
      out,
      /gate failed: 2 items break rank>=C\n {2}hard\.py:1: tangled: rank C \(limit rank>=C\)\n {2}with space\.py:1: spaced: rank C/,
    );
    // A file rule's value is rounded as radon's `mi -s` shows it.
    const mi = pyscan([join(tree.dir, 'pkg'), '--fail-on', 'mi<101']).stdout;
    const lines = mi.split('\n').filter((l) => / mi \d/.test(l));
    assert.equal(lines.length, 4, mi);
    for (const l of lines) assert.match(l, /: mi \d{1,3}(\.\d{1,2})? \(limit mi<101\)$/);
    assert.ok(!out.includes(ESC), 'no colour when stdout is not a terminal');
    assert.equal(res.stderr, '', 'no progress when stderr is not a terminal');
  });

  test('FORCE_COLOR colours it; NO_COLOR wins over FORCE_COLOR', () => {
    const forced = pyscan([join(tree.dir, 'pkg')], { env: { FORCE_COLOR: '1' } });
    assert.equal(forced.status, 0);
    assert.ok(forced.stdout.startsWith(`${ESC}1mpyscan`), forced.stdout);
    const plain = pyscan([join(tree.dir, 'pkg')], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    assert.equal(plain.status, 0);
    assert.ok(!plain.stdout.includes(ESC));
  });
});
