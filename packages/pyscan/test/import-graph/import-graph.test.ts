// The import graph on a hand-built package: every edge, cycle and broken chain worked out by hand.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  buildImportGraph,
  ContractConfigError,
  checkContracts,
  importCycles,
  parseContracts,
} from '../../src/import-graph/index.js';

const FILES = {
  'src/shop/__init__.py': 'from .models import Item\n',
  'src/shop/models.py':
    'from .db import save\nimport requests\nfrom ...outside import x\n\n\nclass Item:\n    pass\n',
  'src/shop/db.py': 'from shop.services.mail import notify\n\n\ndef save():\n    notify()\n',
  'src/shop/services/__init__.py': 'from .mail import notify\n',
  'src/shop/services/mail.py': 'from ..models import Item\n\n\ndef notify():\n    return Item\n',
  'src/shop/api.py':
    'from shop import Item\nfrom . import db\nimport os.path\n\n\ndef f():\n    from .services import mail\n    return mail, db, Item, os\n',
  // A namespace sub-package (no __init__.py) inside the package.
  'src/shop/sansio/app.py': 'from ..api import f\n',
  'tools/script.py': 'import shop.api as api\nfrom shop.models import Item as I, save\n',
};
const files = Object.entries(FILES).map(([path, text]) => ({ path, text }));

describe('import graph', () => {
  const g = buildImportGraph(files);

  test('module names: src layout, packages, a namespace sub-package, a loose script', () => {
    assert.deepEqual(
      g.modules.map((m) => [m.path, m.name, m.isPackage]),
      [
        ['src/shop/__init__.py', 'shop', true],
        ['src/shop/models.py', 'shop.models', false],
        ['src/shop/db.py', 'shop.db', false],
        ['src/shop/services/__init__.py', 'shop.services', true],
        ['src/shop/services/mail.py', 'shop.services.mail', false],
        ['src/shop/api.py', 'shop.api', false],
        ['src/shop/sansio/app.py', 'shop.sansio.app', false],
        ['tools/script.py', 'script', false],
      ],
    );
  });

  test('every edge: absolute, relative, submodules, re-exports followed, imports inside functions', () => {
    const edges = g.edges.map((e) => `${e.from} -> ${e.to} @${e.line}${e.via ? ` via ${e.via}` : ''}`).sort();
    assert.deepEqual(edges, [
      'script -> shop.api @1',
      'script -> shop.models @2',
      'shop -> shop.models @1',
      'shop.api -> shop.db @2',
      // `from shop import Item`: shop/__init__.py re-exports Item from shop.models.
      'shop.api -> shop.models @1 via shop',
      'shop.api -> shop.services.mail @7',
      'shop.db -> shop.services.mail @1',
      'shop.models -> shop.db @1',
      'shop.sansio.app -> shop.api @1',
      'shop.services -> shop.services.mail @1',
      'shop.services.mail -> shop.models @1',
    ]);
    assert.deepEqual(g.external, { requests: 1, os: 1 });
    assert.deepEqual(g.unresolved, [{ path: 'src/shop/models.py', line: 3, import: '...outside' }]);
  });

  test('the three-module cycle with its shortest path', () => {
    assert.deepEqual(importCycles(g.edges), [
      {
        modules: ['shop.db', 'shop.models', 'shop.services.mail'],
        size: 3,
        shortest: ['shop.db', 'shop.services.mail', 'shop.models', 'shop.db'],
      },
    ]);
  });

  test('a broken layers contract, with the chain that breaks it', () => {
    const config = parseContracts({
      root_packages: ['shop'],
      contracts: [
        { name: 'layered', type: 'layers', layers: ['shop.api', 'shop.services', 'shop.models'] },
        { name: 'apart', type: 'independence', modules: ['shop.sansio', 'shop.services'] },
        {
          name: 'no api below',
          type: 'forbidden',
          source_modules: ['shop.sansio'],
          forbidden_modules: ['shop.api'],
        },
        {
          name: 'ignored',
          type: 'forbidden',
          source_modules: ['shop.sansio'],
          forbidden_modules: ['shop.api'],
          ignore_imports: ['shop.*.app -> shop.api'],
        },
      ],
    });
    assert.deepEqual(checkContracts(g.edges, config), [
      {
        name: 'layered',
        type: 'layers',
        kept: false,
        broken: [
          {
            importer: 'shop.models',
            imported: 'shop.services.mail',
            chain: ['shop.models', 'shop.db', 'shop.services.mail'],
            lines: [1, 1],
          },
        ],
      },
      // sansio reaches services only through api: an indirect chain breaks independence too.
      {
        name: 'apart',
        type: 'independence',
        kept: false,
        broken: [
          {
            importer: 'shop.sansio.app',
            imported: 'shop.services.mail',
            chain: ['shop.sansio.app', 'shop.api', 'shop.services.mail'],
            lines: [1, 7],
          },
        ],
      },
      {
        name: 'no api below',
        type: 'forbidden',
        kept: false,
        broken: [
          {
            importer: 'shop.sansio.app',
            imported: 'shop.api',
            chain: ['shop.sansio.app', 'shop.api'],
            lines: [1],
          },
        ],
      },
      { name: 'ignored', type: 'forbidden', kept: true, broken: [] },
    ]);
  });

  test('a bad contract configuration names its key', () => {
    assert.throws(
      () => parseContracts({ contracts: [{ name: 'x', type: 'layers' }] }),
      (e) => e instanceof ContractConfigError && e.message === 'contracts[0] (layers) needs layers',
    );
    assert.throws(
      () => parseContracts({ contracts: [{ type: 'acyclic' }] }),
      (e) => e instanceof ContractConfigError && /type must be/.test(e.message),
    );
  });
});
