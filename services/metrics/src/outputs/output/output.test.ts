import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { outputName, sanitizeNamePart, utcStamp } from './output-name.js';
import { writeZip } from './zip.js';

describe('outputName', () => {
  const base = {
    repo: 'widgets',
    startedAt: new Date('2024-03-05T07:08:09.999Z'),
    ref: 'main',
    analysisId: 42,
    commitSha: 'ABCDEF0123456789abcdef0123456789abcdef01',
  };
  test('follows the contract, in UTC', () => {
    assert.equal(outputName(base), 'widgets__20240305-070809__ref-main__a42__sha-abcdef0');
    assert.equal(utcStamp(new Date('1999-12-31T23:59:59+05:00')), '19991231-185959');
  });
  test('turns characters outside [A-Za-z0-9._-] of the ref into "-"', () => {
    assert.equal(
      outputName({ ...base, ref: 'feature/ümlaut x@y' }),
      'widgets__20240305-070809__ref-feature--mlaut-x-y__a42__sha-abcdef0',
    );
    assert.equal(sanitizeNamePart('v1.2_rc-3'), 'v1.2_rc-3');
    assert.equal(sanitizeNamePart('../../etc'), '..-..-etc');
  });
  test('keeps the name short and refuses nonsense ids', () => {
    assert.ok(outputName({ ...base, ref: 'r'.repeat(200) }).length < 160);
    assert.throws(() => outputName({ ...base, analysisId: -1 }));
    assert.throws(() => outputName({ ...base, commitSha: 'xyz' }));
  });
});

describe('writeZip', { skip: needTool('python3') }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'metrics-zip-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('writes files from disk and from memory, readable by another ZIP implementation', async () => {
    const big = 'path,loc\n'.concat('a.py,1\n'.repeat(200_000));
    writeFileSync(join(dir, 'file.csv'), big);
    const zipPath = join(dir, 'all.zip');
    await writeZip(zipPath, [
      { name: 'file.csv', path: join(dir, 'file.csv') },
      { name: 'summary.json', data: '{"files": 1}' },
      { name: 'nested/é.txt', data: Buffer.from('x') },
    ]);
    assert.deepEqual(readdirSync(dir).sort(), ['all.zip', 'file.csv']);
    const py = spawnSync(
      'python3',
      [
        '-c',
        'import json,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\n' +
          'print(json.dumps({i.filename: [len(z.read(i)), i.compress_type] for i in z.infolist()}))',
        zipPath,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(py.status, 0, py.stderr);
    assert.deepEqual(JSON.parse(py.stdout), {
      'file.csv': [big.length, 8],
      'summary.json': [12, 8],
      'nested/é.txt': [1, 8],
    });
  });

  test('refuses unsafe entry names and leaves nothing behind on a missing source', async () => {
    for (const name of ['../x', '/abs', 'a//b', 'a\\b', '']) {
      await assert.rejects(writeZip(join(dir, 'bad.zip'), [{ name, data: 'x' }]));
    }
    await assert.rejects(
      writeZip(join(dir, 'bad.zip'), [{ name: 'gone.csv', path: join(dir, 'missing.csv') }]),
    );
    assert.equal(existsSync(join(dir, 'bad.zip')), false);
    assert.equal(existsSync(join(dir, 'bad.zip.partial')), false);
  });
});
