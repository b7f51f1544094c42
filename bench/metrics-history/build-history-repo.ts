import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listPython, mulberry32, write } from '../shared/stdlib-sources.js';

/** How the synthetic history is shaped. */
export interface HistoryRepoOptions {
  /** Folder of Python sources to import (the standard library). */
  source: string;
  /** Where the repository is created. */
  dir: string;
  commits: number;
  /** At most this many source files (the first ones found); default all. */
  files?: number;
  /**
   * One edit commit in three changes one of 25 fixed pairs of files (change coupling strong enough
   * to pass the thresholds, as real code has).
   */
  coupled?: boolean;
  seed?: number;
}

/**
 * Builds a repository through `git fast-import`: the source files arrive in batches over the first
 * tenth of the commits, then every commit edits 1–3 files (inserting and deleting lines), one in 40
 * renames a file, twenty authors take turns, one commit per hour.
 */
export async function buildHistoryRepo(opts: HistoryRepoOptions): Promise<void> {
  mkdirSync(opts.dir, { recursive: true });
  const rand = mulberry32(opts.seed ?? 42);
  const files = listPython(opts.source, 400_000).slice(0, opts.files ?? Number.POSITIVE_INFINITY);
  const content = new Map<string, string[]>();
  await once(spawn('git', ['init', '-q', '-b', 'main', opts.dir], { stdio: 'inherit' }), 'close');
  const git = spawn('git', ['fast-import', '--quiet'], {
    cwd: opts.dir,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const importCommits = Math.max(1, Math.floor(opts.commits / 10));
  const perImport = Math.ceil(files.length / importCommits);
  let time = 1_500_000_000;
  const live: string[] = [];
  for (let c = 0; c < opts.commits; c++) {
    time += 3600;
    const who = Math.floor(rand() * 20);
    const ops: string[] = [];
    if (c < importCommits) {
      for (const f of files.slice(c * perImport, (c + 1) * perImport)) {
        content.set(f, readFileSync(join(opts.source, f), 'latin1').split('\n'));
        live.push(f);
        ops.push(f);
      }
    } else if (c % 40 === 0 && live.length > 0) {
      const i = Math.floor(rand() * live.length);
      const from = live[i]!;
      const to = from.replace(/\.py$/, `_r${c}.py`);
      content.set(to, content.get(from)!);
      content.delete(from);
      live[i] = to;
      ops.push(`D ${from}`, to);
    } else {
      const n = 1 + Math.floor(rand() * 3);
      const pairAt = opts.coupled && c % 3 === 0 && live.length > 50 ? 2 * Math.floor(rand() * 25) : -1;
      for (let k = 0; k < n; k++) {
        const f = live[pairAt >= 0 && k < 2 ? pairAt + k : Math.floor(rand() * live.length)]!;
        const lines = content.get(f)!;
        const at = Math.floor(rand() * lines.length);
        lines.splice(at, rand() < 0.5 ? 1 : 0, `# edit ${c}.${k}`, `value_${c}_${k} = ${k}`);
        ops.push(f);
      }
    }
    await write(
      git.stdin,
      `commit refs/heads/main\nauthor Dev${who} <dev${who}@example.com> ${time} +0000\n` +
        `committer Dev${who} <dev${who}@example.com> ${time} +0000\ndata <<EOM\ncommit ${c}\nEOM\n`,
    );
    for (const op of ops) {
      if (op.startsWith('D ')) {
        await write(git.stdin, `${op}\n`);
        continue;
      }
      const body = Buffer.from(content.get(op)!.join('\n'), 'latin1');
      await write(git.stdin, `M 100644 inline ${op}\ndata ${body.length}\n`);
      await write(git.stdin, body);
      await write(git.stdin, '\n');
    }
  }
  git.stdin.end();
  const [code] = await once(git, 'close');
  if (code !== 0) throw new Error(`git fast-import exited with ${code}`);
  const co = spawn('git', ['checkout', '-q', '-f', 'main'], { cwd: opts.dir, stdio: 'inherit' });
  await once(co, 'close');
}
