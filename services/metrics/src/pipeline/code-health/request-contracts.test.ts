// Contracts given with a request: the JSON table or the TOML text, each problem named, and merged
// with the repository's under their own names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requestContracts, withRequestContracts } from './request-contracts.js';

const LAYERS = { name: 'layered', type: 'layers' as const, layers: ['app.api', 'app.core'] };

test('the table as JSON or as TOML text gives the same configuration', () => {
  const json = requestContracts({ root_packages: ['app'], contracts: [LAYERS] });
  const toml = requestContracts(
    '[tool.importlinter]\nroot_packages = ["app"]\n\n[[tool.importlinter.contracts]]\nname = "layered"\ntype = "layers"\nlayers = ["app.api", "app.core"]\n',
  );
  assert.deepEqual(json, { config: { root_packages: ['app'], contracts: [LAYERS] }, errors: [] });
  assert.deepEqual(toml, json);
  assert.deepEqual(requestContracts(undefined), { config: null, errors: [] });
});

test('each unusable shape is one field error on contracts', () => {
  const message = (v: unknown) => requestContracts(v).errors.map((e) => `${e.field}: ${e.message}`);
  assert.deepEqual(message({ contracts: [{ name: 'x', type: 'forbidden', source_modules: ['a'] }] }), [
    'contracts: contracts[0] (forbidden) needs forbidden_modules',
  ]);
  assert.deepEqual(message({ contracts: [] }), ['contracts: must hold at least one contract']);
  assert.deepEqual(message([LAYERS]), [
    'contracts: must be the [tool.importlinter] table as a JSON object, or TOML text holding it',
  ]);
  assert.deepEqual(message('[tool.other]\nx = 1\n'), [
    'contracts: must be TOML text with a [tool.importlinter] table, or that table as a JSON object',
  ]);
  assert.deepEqual(message({ contracts: Array.from({ length: 101 }, () => LAYERS) }), [
    'contracts: must hold at most 100 contracts',
  ]);
});

test("the request's contracts join the repository's", () => {
  const repo = {
    source: 'pyproject.toml [tool.importlinter]',
    config: { root_packages: ['app'], contracts: [LAYERS] },
  };
  const extra = { root_packages: ['app', 'lib'], contracts: [{ ...LAYERS, name: 'mine' }] };
  assert.deepEqual(withRequestContracts(repo, extra), {
    source: 'pyproject.toml [tool.importlinter] and the request',
    config: { root_packages: ['app', 'lib'], contracts: [LAYERS, { ...LAYERS, name: 'mine' }] },
  });
  assert.deepEqual(withRequestContracts(null, extra), { source: 'the request', config: extra });
  assert.equal(withRequestContracts(repo, undefined), repo);
});
