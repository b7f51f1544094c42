import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { runPylint } from '../run-pylint.js';
import { sortOptions } from './option-policy.js';
import { readRepoPylintConfig, refusedWarning } from './repo-config.js';

// A flask-like package: a third-party import that cannot be installed here, a namespace sub-package
// (no __init__.py) importing above itself, undocumented functions.
const FILES: Record<string, string> = {
  'flasklike/__init__.py':
    '"""A flask-like package."""\nfrom werkzeug_not_installed import Response\n\nfrom .helpers import helper\n\n__all__ = ["Response", "helper"]\n',
  'flasklike/helpers.py': '"""Helpers."""\n\n\ndef helper(value):\n    return value + 1\n',
  'flasklike/sansio/app.py':
    '"""Sans-io app."""\nfrom ..helpers import helper\n\n\ndef run(x):\n    return helper(x)\n',
};
const SAFE_RC =
  '[MESSAGES CONTROL]\ndisable=\n    missing-function-docstring,\n    too-few-public-methods\n\n[FORMAT]\nmax-line-length=120\n';
const RC = `[MAIN]\ninit-hook=open("HOOK_RAN", "w").close()\nload-plugins=evil_plugin\n\n${SAFE_RC}`;

function fixture(extra: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'metrics-honest-pylint-'));
  for (const [path, text] of Object.entries({ ...FILES, ...extra })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** pylint's own answer with only the safe part of the configuration, as `[path, line, symbol]`. */
function pylintOracle(dir: string, rc: string): string[] {
  const r = spawnSync(
    'pylint',
    [`--rcfile=${rc}`, '--persistent=n', '--output-format=json', ...Object.keys(FILES)],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  return (JSON.parse(r.stdout) as { path: string; line: number; symbol: string }[])
    .map((m) => `${m.path}:${m.line}:${m.symbol}`)
    .sort();
}

describe('option policy', () => {
  test('refuses what could run code, leaves the harness to the service, applies the rest', () => {
    const s = sortOptions([
      ['init-hook', 'import os'],
      ['Load_Plugins', 'x'],
      ['evaluation', '10'],
      ['extension-pkg-allow-list', 'lxml'],
      ['output-format', 'text'],
      ['jobs', '8'],
      ['disable', 'C0114,\nC0115'],
      ['max-line-length', '100'],
    ]);
    assert.deepEqual(s.refused, ['init-hook', 'load-plugins', 'evaluation', 'extension-pkg-allow-list']);
    assert.deepEqual(s.overridden, ['output-format', 'jobs']);
    assert.deepEqual(s.applied, ['disable', 'max-line-length']);
    assert.deepEqual(s.args, ['--disable=C0114,\nC0115', '--max-line-length=100']);
  });
});

describe('honest pylint on a flask-like repository', {
  skip: needTool('pylint') || needTool('python3'),
}, () => {
  let dir: string;
  before(() => {
    dir = fixture({ '.pylintrc': RC, 'safe.rc': SAFE_RC });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('reads .pylintrc as pylint does and names the refused options', async () => {
    const c = await readRepoPylintConfig(dir);
    assert.equal(c.file, '.pylintrc');
    assert.equal(c.error, null);
    assert.deepEqual(c.refused, ['init-hook', 'load-plugins']);
    assert.deepEqual(c.applied, ['disable', 'max-line-length']);
    assert.equal(
      refusedWarning(c),
      'pylint: .pylintrc sets options the service does not apply because they could run code: init-hook (runs Python code), load-plugins (imports Python modules)',
    );
  });

  test("honours the repository's disabled messages, runs none of its code, keeps environment findings apart", async () => {
    const c = await readRepoPylintConfig(dir);
    const r = await runPylint(Object.keys(FILES), { cwd: dir, repoArgs: c.args });
    assert.equal(existsSync(join(dir, 'HOOK_RAN')), false, 'the init-hook did not run');
    const ours = [...r.values()]
      .flatMap((f) => f.findings.map((m) => `${m.path}:${m.line}:${m.symbol}`))
      .sort();
    // The same messages as pylint itself with the safe part of the repository's configuration.
    assert.deepEqual(ours, pylintOracle(dir, join(dir, 'safe.rc')));
    assert.ok(!ours.some((m) => m.endsWith('missing-function-docstring')), 'disabled message honoured');
    assert.deepEqual(
      ours.filter((m) => /import-error|relative-beyond-top-level/.test(m)),
      ['flasklike/__init__.py:2:import-error', 'flasklike/sansio/app.py:2:relative-beyond-top-level'],
    );
    // Both are errors in pylint's eyes, but left out of the counts and the score.
    const init = r.get('flasklike/__init__.py')!;
    assert.equal(init.pylint_error, 0);
    assert.equal(init.environment, 1);
    assert.equal(init.pylint_score, 10);
    const app = r.get('flasklike/sansio/app.py')!;
    assert.equal(app.pylint_error, 0);
    assert.equal(app.environment, 1);
  });

  test('the setting keeps environment findings in the counts and score', async () => {
    const c = await readRepoPylintConfig(dir);
    const r = await runPylint(['flasklike/__init__.py'], {
      cwd: dir,
      repoArgs: c.args,
      environmentInScore: true,
    });
    const init = r.get('flasklike/__init__.py')!;
    assert.equal(init.pylint_error, 1);
    assert.equal(init.environment, 1);
    assert.ok(init.pylint_score < 10);
  });

  test('without the repository configuration the disabled message comes back (the test can fail)', async () => {
    const r = await runPylint(['flasklike/helpers.py'], { cwd: dir });
    assert.deepEqual(
      r.get('flasklike/helpers.py')!.findings.map((f) => f.symbol),
      ['missing-function-docstring'],
    );
  });
});

describe('repository configuration files', { skip: needTool('python3') }, () => {
  const dirs: string[] = [];
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const read = async (files: Record<string, string>) => {
    const d = fixture(files);
    dirs.push(d);
    return readRepoPylintConfig(d);
  };

  test('pyproject.toml [tool.pylint.*]: lists joined as pylint joins them', async () => {
    const c = await read({
      'pyproject.toml':
        '[project]\nname = "x"\n\n[tool.pylint.main]\nload-plugins = ["a"]\n\n[tool.pylint."messages control"]\ndisable = ["C0114", "R0903"]\n',
    });
    assert.equal(c.file, 'pyproject.toml');
    assert.deepEqual(c.refused, ['load-plugins']);
    assert.deepEqual(c.args, ['--disable=C0114,R0903']);
  });

  test('setup.cfg only with [pylint.*] sections; a pyproject.toml without [tool.pylint] is passed over', async () => {
    const c = await read({
      'pyproject.toml': '[project]\nname = "x"\n',
      'setup.cfg': '[metadata]\nname = x\n\n[pylint.messages_control]\ndisable = W0611\n',
    });
    assert.equal(c.file, 'setup.cfg');
    assert.deepEqual(c.args, ['--disable=W0611']);
  });

  test('a broken file is named, and nothing of it applied', async () => {
    const c = await read({ 'pyproject.toml': '[tool.pylint\n' });
    assert.equal(c.file, 'pyproject.toml');
    assert.match(c.error ?? '', /^pyproject\.toml: /);
    assert.deepEqual(c.args, []);
  });

  test('no configuration: nothing applied, no error', async () => {
    const c = await read({});
    assert.deepEqual(c, { file: null, error: null, args: [], applied: [], refused: [], overridden: [] });
  });
});
