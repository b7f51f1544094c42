import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listPython, mulberry32, write } from '../shared/stdlib-sources.js';

/** How the synthetic history is shaped. */
export interface StdlibRepoOptions {
  /** Folder of Python sources to import (the standard library). */
  source: string;
  /** Where the repository is created. */
  dir: string;
  commits: number;
  seed?: number;
}

interface Tracked {
  /** The file as imported, byte for byte. */
  original: Buffer;
  /** Module-level lines appended by later commits (removed again at random). */
  tail: string[];
}

/**
 * Builds a repository of the whole standard library through `git fast-import`, keeping every file as
 * valid as the original (so pyscan and pylint measure real code, not syntax errors): the files arrive
 * in batches over the first tenth of the commits, then each commit appends module-level assignments to
 * 1–3 files or removes one appended earlier; one commit in 40 renames a file; twenty authors, one
 * commit per hour.
 */
export async function buildStdlibRepo(opts: StdlibRepoOptions): Promise<void> {
  mkdirSync(opts.dir, { recursive: true });
  const rand = mulberry32(opts.seed ?? 7);
  const files = listPython(opts.source);
  const tracked = new Map<string, Tracked>();
  await once(spawn('git', ['init', '-q', '-b', 'main', opts.dir], { stdio: 'inherit' }), 'close');
  const git = spawn('git', ['fast-import', '--quiet'], {
    cwd: opts.dir,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const importCommits = Math.max(1, Math.floor(opts.commits / 10));
  const perImport = Math.ceil(files.length / importCommits);
  const live: string[] = [];
  let time = 1_500_000_000;
  for (let c = 0; c < opts.commits; c++) {
    time += 3600;
    const who = Math.floor(rand() * 20);
    const changed: string[] = [];
    const deleted: string[] = [];
    if (c < importCommits) {
      for (const f of files.slice(c * perImport, (c + 1) * perImport)) {
        tracked.set(f, { original: readFileSync(join(opts.source, f)), tail: [] });
        live.push(f);
        changed.push(f);
      }
    } else if (c % 40 === 0) {
      const i = Math.floor(rand() * live.length);
      const from = live[i]!;
      const to = from.replace(/\.py$/, `_r${c}.py`);
      tracked.set(to, tracked.get(from)!);
      tracked.delete(from);
      live[i] = to;
      deleted.push(from);
      changed.push(to);
    } else {
      const n = 1 + Math.floor(rand() * 3);
      for (let k = 0; k < n; k++) {
        const f = live[Math.floor(rand() * live.length)]!;
        const t = tracked.get(f)!;
        if (t.tail.length > 0 && rand() < 0.3) t.tail.splice(Math.floor(rand() * t.tail.length), 1);
        else t.tail.push(`history_${c}_${k} = ${k}  # commit ${c}`);
        changed.push(f);
      }
    }
    await write(
      git.stdin,
      `commit refs/heads/main\nauthor Dev${who} <dev${who}@example.com> ${time} +0000\n` +
        `committer Dev${who} <dev${who}@example.com> ${time} +0000\ndata <<EOM\ncommit ${c}\nEOM\n`,
    );
    for (const f of deleted) await write(git.stdin, `D ${f}\n`);
    for (const f of changed) {
      const t = tracked.get(f)!;
      const sep = t.original.length > 0 && t.original[t.original.length - 1] !== 0x0a ? '\n' : '';
      const body =
        t.tail.length === 0
          ? t.original
          : Buffer.concat([t.original, Buffer.from(`${sep}${t.tail.join('\n')}\n`)]);
      await write(git.stdin, `M 100644 inline ${f}\ndata ${body.length}\n`);
      await write(git.stdin, body);
      await write(git.stdin, '\n');
    }
  }
  git.stdin.end();
  const [code] = await once(git, 'close');
  if (code !== 0) throw new Error(`git fast-import exited with ${code}`);
  await once(spawn('git', ['checkout', '-q', '-f', 'main'], { cwd: opts.dir, stdio: 'inherit' }), 'close');
}
