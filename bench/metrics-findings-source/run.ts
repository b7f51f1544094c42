// What storing pylint's findings and each file's source adds to a real analysis of a 700-file
// repository (issue 21: under 10 %). One whole run through the real service (in this process,
// SQLite, default settings: shallow clone; pylint off, then on), then the findings and source work of
// that run measured on its own over the same clone and rows: reading and compressing the sources,
// inserting the findings and sources, writing findings.csv. "Without" is the run minus that work.
// Usage (from the repository root):
//   npx tsx bench/metrics-findings-source/run.ts [--files 700] [--source /usr/lib/python3.11] [--pylint on|off|both]
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isTestPath, toCsv } from '@app/pyscan';
import { readConfig } from '../../services/metrics/src/config.js';
import { FINDING_CSV_COLUMNS, type Finding } from '../../services/metrics/src/pipeline/findings/finding.js';
import { collectSources } from '../../services/metrics/src/pipeline/source/collect-sources.js';
import { createServer } from '../../services/metrics/src/server.js';
import { analysesRepo } from '../../services/metrics/src/store/repos/analyses-repo.js';
import { findingsRepo } from '../../services/metrics/src/store/repos/findings-repo.js';
import { listPython } from '../shared/stdlib-sources.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '700' },
    source: { type: 'string', default: '/usr/lib/python3.11' },
    pylint: { type: 'string', default: 'both' },
  },
});
const FILES = Number(values.files);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/** `<base>/python/stdlib`: FILES non-test standard-library files (copies past the ones there are), one commit. */
function buildRepo(): { base: string; dir: string } {
  const base = mkdtempSync(join(tmpdir(), 'metrics-findings-bench-'));
  const dir = join(base, 'python', 'stdlib');
  const sources = listPython(values.source, 256 * 1024).filter((p) => !isTestPath(p));
  if (sources.length === 0) throw new Error(`no Python files under ${values.source}`);
  for (let i = 0; i < FILES; i++) {
    const src = sources[i % sources.length]!;
    const rel = i < sources.length ? src : `copy${Math.floor(i / sources.length) + 1}/${src}`;
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    copyFileSync(join(values.source, src), join(dir, rel));
  }
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'stdlib');
  return { base, dir };
}

async function measure(base: string, repoDir: string, pylint: boolean): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'metrics-findings-bench-data-'));
  const cfg = readConfig({
    DATA_DIR: dataDir,
    GITHUB_BASE_URL: pathToFileURL(base).href,
    PYLINT_ENABLED: String(pylint),
    LOG_LEVEL: 'warn',
    PORT: '0',
  });
  const server = await createServer(cfg);
  const clone = mkdtempSync(join(tmpdir(), 'metrics-findings-bench-clone-'));
  try {
    server.startWorker();
    console.log(`\npylint ${pylint ? 'on' : 'off'}; load average before: ${load()}`);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/analyses',
      payload: { repo_url: 'https://github.com/python/stdlib' },
    });
    const id = (res.json() as { id: number }).id;
    let row = await analysesRepo.get(server.ctx.db, id);
    while (row && row.status !== 'done' && row.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 100));
      row = await analysesRepo.get(server.ctx.db, id);
    }
    if (row?.status !== 'done') throw new Error(`run failed: ${row?.error_code} ${row?.error_message}`);
    const stages = analysesRepo.parseStages(row);
    const at = (s: string) => stages.find((x) => x.stage === s)!.at;
    const whole = at('done') - at('cloning');
    const db = server.ctx.db;

    // The same work on its own: sources of the same files in the same order, the same rows inserted.
    const stored = await db
      .selectFrom('source_files')
      .select(['path', 'pylint_statements'])
      .where('analysis_id', '=', id)
      .orderBy('id')
      .execute();
    const findings = (await db
      .selectFrom('findings')
      .select([
        'path',
        'line',
        'column',
        'end_line',
        'end_column',
        'category',
        'symbol',
        'message_id',
        'message',
      ])
      .where('analysis_id', '=', id)
      .orderBy('id')
      .execute()) as Finding[];
    git(tmpdir(), 'clone', '-q', '--depth', '1', pathToFileURL(repoDir).href, clone);
    let t = performance.now();
    const sources = await collectSources(
      clone,
      stored.map((s) => s.path),
      { maxFileBytes: cfg.sourceMaxFileBytes, maxRunBytes: cfg.sourceMaxRunBytes },
    );
    const collectMs = performance.now() - t;
    const rows = {
      findings: findings.map((f) => ({ analysis_id: id, ...f })),
      sources: sources.map((s, i) => ({
        analysis_id: id,
        ...s,
        pylint_statements: stored[i]!.pylint_statements,
      })),
    };
    await db.deleteFrom('findings').where('analysis_id', '=', id).execute();
    await db.deleteFrom('source_files').where('analysis_id', '=', id).execute();
    t = performance.now();
    await db.transaction().execute((tx) => findingsRepo.replaceIn(tx, id, rows));
    const insertMs = performance.now() - t;
    t = performance.now();
    const csv = toCsv(FINDING_CSV_COLUMNS, findings);
    const csvMs = performance.now() - t;

    const text = sources.reduce((n, s) => n + (s.status === 'stored' ? s.size : 0), 0);
    const packed = sources.reduce((n, s) => n + (s.content?.length ?? 0), 0);
    const extra = collectMs + insertMs + csvMs;
    console.log(
      `  ${stored.length} files, ${findings.length} findings (findings.csv ${(csv.length / 1e6).toFixed(1)} MB)`,
    );
    console.log(`  source text ${(text / 1e6).toFixed(1)} MB stored as ${(packed / 1e6).toFixed(1)} MB gzip`);
    console.log(`  run with findings and source     ${seconds(whole)}`);
    console.log(
      `    read and compress sources      ${seconds(collectMs)} (beside pyscan and pylint in the run)`,
    );
    console.log(`    insert findings and sources    ${seconds(insertMs)}`);
    console.log(`    findings.csv                   ${seconds(csvMs)}`);
    console.log(`  run without (the run minus these) ${seconds(whole - extra)}`);
    console.log(
      `  added: ${((100 * extra) / (whole - extra)).toFixed(1)} % (target < 10 %); load after: ${load()}`,
    );
  } finally {
    await server.close();
    rmSync(clone, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const { base, dir } = buildRepo();
try {
  const modes = values.pylint === 'both' ? [false, true] : [values.pylint === 'on'];
  for (const pylint of modes) await measure(base, dir, pylint);
} finally {
  rmSync(base, { recursive: true, force: true });
}
