// A generated repository for history runs: 700 standard-library Python files and 18,000 commits.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isTestPath } from '@app/pyscan';
import { listPython, mulberry32, write } from './stdlib-sources.js';

/** How the history is shaped. */
export interface HistoryRunsRepoOptions {
  /** Folder of Python sources (the standard library). */
  source: string;
  dir: string;
  commits: number;
  /** Python files analysed at HEAD (copies under `copyN/` past the ones there are). */
  files: number;
  /** Exponent of the Zipf law by which edits pick files (0 = uniform). */
  zipf: number;
  /** Share of commits that only touch non-Python files (docs, changelog). */
  docsShare: number;
  seed?: number;
}

interface Tracked {
  original: Buffer;
  tail: string[];
}

/**
 * Builds the repository with `git fast-import`, then packs it (`git repack -adf`) as a served
 * repository would be. The files arrive over the first 2 % of the commits; after that a commit either
 * rewrites one of 50 docs pages only (`docsShare`) or edits 1–3 Python files, picked by a Zipf law over a random
 * ranking of the files (a few hot files take most edits, as in real projects), by appending a
 * module-level assignment or removing one appended earlier: every file stays valid Python. One
 * commit in 200 renames a file. One commit per hour, twenty authors.
 */
export async function buildHistoryRunsRepo(o: HistoryRunsRepoOptions): Promise<void> {
  mkdirSync(o.dir, { recursive: true });
  const rand = mulberry32(o.seed ?? 18);
  const sources = listPython(o.source, 256 * 1024).filter((p) => !isTestPath(p) && !p.startsWith('venv/'));
  if (sources.length === 0) throw new Error(`no Python files under ${o.source}`);
  const paths: string[] = [];
  const tracked = new Map<string, Tracked>();
  for (let i = 0; i < o.files; i++) {
    const src = sources[i % sources.length]!;
    const rel = i < sources.length ? `pkg/${src}` : `copy${Math.floor(i / sources.length) + 1}/${src}`;
    paths.push(rel);
    tracked.set(rel, { original: readFileSync(join(o.source, src)), tail: [] });
  }
  // Hotness: a random ranking, and the cumulative Zipf weights over it.
  const ranking = [...paths].sort(() => rand() - 0.5);
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 0; r < ranking.length; r++) {
    sum += 1 / (r + 1) ** o.zipf;
    cumulative.push(sum);
  }
  const pick = (): number => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  await once(spawn('git', ['init', '-q', '-b', 'main', o.dir], { stdio: 'inherit' }), 'close');
  // As GitHub: clones may leave contents out (history runs clone with --filter=blob:none).
  await once(
    spawn('git', ['config', 'uploadpack.allowFilter', 'true'], { cwd: o.dir, stdio: 'inherit' }),
    'close',
  );
  const git = spawn('git', ['fast-import', '--quiet'], { cwd: o.dir, stdio: ['pipe', 'ignore', 'inherit'] });
  const importCommits = Math.max(1, Math.floor(o.commits / 50));
  const perImport = Math.ceil(paths.length / importCommits);
  let time = 1_500_000_000;
  let changelog = 0;
  for (let c = 0; c < o.commits; c++) {
    time += 3600;
    const who = Math.floor(rand() * 20);
    const changed: string[] = [];
    const deleted: string[] = [];
    let docs = '';
    if (c < importCommits) {
      changed.push(...paths.slice(c * perImport, (c + 1) * perImport));
    } else if (c % 200 === 0) {
      const r = pick();
      const from = ranking[r]!;
      const to = from.replace(/\.py$/, `_r${c}.py`);
      tracked.set(to, tracked.get(from)!);
      tracked.delete(from);
      ranking[r] = to;
      deleted.push(from);
      changed.push(to);
    } else if (rand() < o.docsShare) {
      changelog++;
      docs = `- change ${changelog} (commit ${c})\n`;
    } else {
      const n = 1 + Math.floor(rand() * 3);
      for (let k = 0; k < n; k++) {
        const f = ranking[pick()]!;
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
    if (c === 0) await write(git.stdin, 'M 100644 inline CHANGES.md\ndata 10\n# Changes\n');
    if (docs) {
      await write(git.stdin, `M 100644 inline docs/note-${changelog % 50}.md\ndata <<EOD\n${docs}EOD\n`);
    }
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
  for (const args of [
    ['repack', '-a', '-d', '-f', '-q', '--depth=50', '--window=10'],
    ['checkout', '-q', '-f', 'main'],
  ]) {
    const [rc] = await once(spawn('git', args, { cwd: o.dir, stdio: 'inherit' }), 'close');
    if (rc !== 0) throw new Error(`git ${args[0]} exited with ${rc}`);
  }
}

/**
 * The generated repository for these options, built once under $TMPDIR and reused by later runs
 * (metrics-history-runs and metrics-rerun share it); it serves filtered (partial) clones.
 */
export async function cachedHistoryRunsRepo(
  o: Omit<HistoryRunsRepoOptions, 'dir'>,
): Promise<{ base: string; repoDir: string }> {
  const base = join(tmpdir(), `metrics-history-runs-${o.commits}-${o.files}-${o.zipf}-${o.docsShare}`);
  const repoDir = join(base, 'python', 'hist');
  if (!existsSync(join(repoDir, '.built'))) {
    rmSync(base, { recursive: true, force: true });
    const t = performance.now();
    await buildHistoryRunsRepo({ ...o, dir: repoDir });
    writeFileSync(join(repoDir, '.built'), '');
    console.log(`built ${repoDir} in ${((performance.now() - t) / 1000).toFixed(2)} s`);
  }
  // Repositories built before history runs cloned partially: let them serve filtered clones too.
  execFileSync('git', ['config', 'uploadpack.allowFilter', 'true'], { cwd: repoDir });
  return { base, repoDir };
}
