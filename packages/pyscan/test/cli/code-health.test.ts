// pyscan's code-health measures from a real CLI process: typing, docstrings, import cycles and the
// repository's [tool.importlinter] contracts in JSON, text and SARIF, and their --fail-on names.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pyscan, REPORT_SCHEMA, SARIF_SCHEMA, tempTree, validator } from './helpers.js';

let tree: ReturnType<typeof tempTree>;

before(() => {
  tree = tempTree({
    'pyproject.toml':
      '[tool.importlinter]\nroot_package = "shop"\n\n[[tool.importlinter.contracts]]\nname = "layered"\ntype = "layers"\nlayers = ["shop.api", "shop.models"]\n',
    'shop/__init__.py': '"""Shop."""\n',
    'shop/api.py':
      '"""API."""\nfrom shop.models import Item\n\n\ndef handle(x: int) -> Item:\n    """Typed."""\n    return Item()\n',
    'shop/models.py':
      'from .db import save\n\n\nclass Item:\n    def size(self, n):\n        return save(n)\n',
    'shop/db.py': 'from . import models\nfrom shop import api\n\n\ndef save(v):\n    return v\n',
  });
});
after(() => tree.cleanup());

describe('pyscan code health', () => {
  test('JSON carries the shares, the cycle and the broken contract; the gate names them', () => {
    const res = pyscan([
      tree.dir,
      '--format',
      'json',
      '--fail-on',
      'typed<60,documented<50,cycles>0,contracts>0',
    ]);
    assert.equal(res.status, 1, res.stderr);
    // biome-ignore lint/suspicious/noExplicitAny: a parsed document checked field by field
    const doc: any = JSON.parse(res.stdout);
    const validate = validator(REPORT_SCHEMA);
    assert.ok(validate(doc), JSON.stringify(validate.errors, null, 2));
    const h = doc.code_health;
    // Slots: handle 1 + return = 2 (both annotated); size (self not counted) 1 + 1 = 2; save 1 + 1 = 2.
    assert.deepEqual([h.typed_slots, h.typed_annotated], [6, 2]);
    // Items: 4 modules, handle, Item, size, save = 8; documented: shop, shop.api, handle = 3.
    assert.deepEqual([h.doc_items, h.doc_documented], [8, 3]);
    // One group of three (api -> models -> db -> api), whose shortest cycle is db <-> models.
    assert.deepEqual(h.cycles, [
      {
        modules: ['shop.api', 'shop.db', 'shop.models'],
        size: 3,
        shortest: ['shop.db', 'shop.models', 'shop.db'],
      },
    ]);
    assert.equal(h.contracts.broken, 1);
    assert.deepEqual(h.contracts.results[0].broken[0].chain, ['shop.models', 'shop.db', 'shop.api']);
    assert.deepEqual(
      doc.gate.violations.map((v: { rule: string; value: number; scope: string }) => [
        v.rule,
        v.scope,
        Math.round(v.value),
      ]),
      [
        ['typed<60', 'repository', 33],
        ['documented<50', 'repository', 38],
        ['cycles>0', 'repository', 1],
        ['contracts>0', 'repository', 1],
      ],
    );
  });

  test('text shows them; a gate they pass passes', () => {
    const res = pyscan([tree.dir, '--fail-on', 'typed<30,cycles>1']);
    assert.equal(res.status, 0, res.stdout);
    assert.match(res.stdout, /typed {12}33\.3 % \(2 of 6 parameters and returns annotated\)/);
    assert.match(res.stdout, /import cycles {4}1: shop\.db -> shop\.models -> shop\.db/);
    assert.match(res.stdout, /layered: shop\.models -> shop\.db -> shop\.api/);
  });

  test('SARIF names the repository for a repository rule', () => {
    const res = pyscan([tree.dir, '--format', 'sarif', '--fail-on', 'cycles>0']);
    assert.equal(res.status, 1);
    const log = JSON.parse(res.stdout);
    assert.ok(validator(SARIF_SCHEMA)(log));
    assert.equal(
      log.runs[0].results[0].message.text,
      'The repository has import cycles 1 (limit: cycles>0).',
    );
  });

  test('--coverage joins a report to files and functions; coverage<N gates on it', () => {
    tree.write(
      'coverage.xml',
      '<?xml version="1.0" ?>\n<coverage version="6.5.0"><packages><package name="shop"><classes>' +
        '<class name="api.py" filename="shop/api.py"><lines><line number="2" hits="1"/><line number="5" hits="1"/><line number="7" hits="0"/></lines></class>' +
        '<class name="gone.py" filename="shop/gone.py"><lines><line number="1" hits="1"/></lines></class>' +
        '</classes></package></packages></coverage>\n',
    );
    const res = pyscan([
      tree.dir,
      '--format',
      'json',
      '--coverage',
      `${tree.dir}/coverage.xml`,
      '--fail-on',
      'coverage<80',
    ]);
    assert.equal(res.status, 1, res.stderr);
    // biome-ignore lint/suspicious/noExplicitAny: a parsed document checked field by field
    const doc: any = JSON.parse(res.stdout);
    assert.ok(validator(REPORT_SCHEMA)(doc));
    const c = doc.coverage;
    assert.deepEqual([c.format, c.lines, c.covered, c.missed], ['cobertura', 3, 2, 1]);
    assert.deepEqual(c.unmatched_report, ['shop/gone.py']);
    assert.deepEqual(c.unmatched_analysed, ['shop/__init__.py', 'shop/db.py', 'shop/models.py']);
    const handle = c.functions.find((f: { name: string }) => f.name === 'handle');
    assert.deepEqual([handle.lineno, handle.covered, handle.missed], [5, 1, 1]);
    assert.equal(c.new_code, null, 'no --diff, no new-code coverage');
    assert.deepEqual(
      doc.gate.violations.map((v: { rule: string; value: number }) => [
        v.rule,
        Math.round(v.value * 10) / 10,
      ]),
      [['coverage<80', 66.7]],
    );
    const bad = pyscan([tree.dir, '--coverage', `${tree.dir}/pyproject.toml`]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /not a coverage report/);
  });

  test('an unknown metric lists the new names', () => {
    const res = pyscan([tree.dir, '--fail-on', 'typd<5']);
    assert.equal(res.status, 2);
    assert.match(res.stderr, /typed, documented, cycles, contracts, coverage, new_coverage/);
  });
});
