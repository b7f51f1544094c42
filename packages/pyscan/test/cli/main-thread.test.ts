// A small input is analysed on the CLI's own thread (no worker started); a per-file budget, or an
// input over 512 kB, takes the worker pool. Both give the same rows.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { pyscan, tempTree } from './helpers.js';

const busy = (name: string, n: number) =>
  `def ${name}(x):\n${Array.from({ length: n }, (_, i) => `    if x == ${i}:\n        return ${i}\n`).join('')}    return -1\n`;

const tree = tempTree({
  'pkg/a.py': busy('alpha', 4),
  'pkg/b.py': `class B:\n    def m(self, y):\n        return [v for v in y if v]\n\n${busy('beta', 2)}`,
  'pkg/c.py': '"""Doc."""\nimport os\n\nX = os.sep\n',
});
after(() => tree.cleanup());

test('a small input runs on one thread, and a per-file budget starts the workers; the rows agree', () => {
  const own = pyscan([tree.dir, '--threads', '2']);
  assert.equal(own.status, 0, own.stderr);
  assert.match(own.stdout, /— 3 files, 1 class, 3 functions in [\d.]+ s \(1 thread\)$/m);
  const pooled = pyscan([tree.dir, '--threads', '2', '--max-file-seconds', '30']);
  assert.equal(pooled.status, 0, pooled.stderr);
  assert.match(pooled.stdout, /— 3 files, 1 class, 3 functions in [\d.]+ s \(2 threads\)$/m);

  const rows = (extra: string[]) => {
    const r = pyscan([tree.dir, '--format', 'json', ...extra]);
    assert.equal(r.status, 0, r.stderr);
    const doc = JSON.parse(r.stdout) as { files: unknown[]; summary: Record<string, unknown> };
    const { duration_s: _, ...summary } = doc.summary;
    return { files: doc.files, summary };
  };
  assert.deepEqual(rows([]), rows(['--threads', '2', '--max-file-seconds', '30']));
});
