import { spawn } from 'node:child_process';
import { trackChildGroup } from '../process/child-groups.js';
import { BanditError } from './bandit-error.js';
import { type BanditLevel, type BanditReport, banditFinding } from './bandit-json.js';

export { BanditError, type BanditErrorCode } from './bandit-error.js';

/** A security finding: a finding with bandit's severity and confidence. */
export type SecurityFinding = ReturnType<typeof banditFinding>;

/** What bandit said about a set of files. */
export interface BanditOutcome {
  /** Findings per file (every checked file has an entry, maybe empty), in line order. */
  findings: Map<string, SecurityFinding[]>;
  /** Files bandit could not check, with its reason (a syntax error): never counted as clean. */
  skipped: { path: string; reason: string }[];
}

export interface RunBanditOptions {
  cwd: string;
  /** Executable (BANDIT_COMMAND); default `bandit`. */
  command?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

// Exit 0: nothing found; 1: issues found (or files it could not check). Anything else is a failure.
const OK_EXITS = new Set([0, 1]);
const MAX_ARG_BYTES = 1_000_000;
const OUTPUT_CAP = 512 * 1024 * 1024;

/**
 * Runs bandit over `files` (relative to `cwd`) with its JSON report and its default tests, in its own
 * process group, batches past the command-line limit run one after the other. Throws
 * {@link BanditError} when it cannot give results: a failing bandit is never an empty, clean report.
 */
export async function runBandit(files: string[], o: RunBanditOptions): Promise<BanditOutcome> {
  const out: BanditOutcome = { findings: new Map(), skipped: [] };
  if (files.length === 0) return out;
  const deadline = Date.now() + (o.timeoutMs ?? 1_800_000);
  for (const f of files) out.findings.set(f, []);
  for (const batch of byArgumentLength(files)) {
    const report = await runOnce(batch, o, deadline);
    for (const r of report.results) {
      const list = out.findings.get(r.filename);
      if (list) list.push(banditFinding(r));
    }
    for (const e of report.errors) out.skipped.push({ path: e.filename, reason: e.reason });
  }
  for (const s of out.skipped) out.findings.delete(s.path);
  for (const list of out.findings.values()) list.sort((a, b) => a.line - b.line || a.column - b.column);
  return out;
}

/** Bandit's levels, most severe first. */
export const BANDIT_LEVELS: readonly BanditLevel[] = ['high', 'medium', 'low', 'undefined'];

function runOnce(files: string[], o: RunBanditOptions, deadline: number): Promise<BanditReport> {
  const command = o.command ?? 'bandit';
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, ['--format', 'json', '--quiet', '--', ...files], {
      cwd: o.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LANG: 'C.UTF-8',
        PYTHONDONTWRITEBYTECODE: '1',
        PYTHONIOENCODING: 'utf-8',
      },
    });
    trackChildGroup(child, 'bandit');
    const chunks: Buffer[] = [];
    let size = 0;
    let err = '';
    let timedOut = false;
    let aborted = false;
    const kill = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= OUTPUT_CAP) chunks.push(c);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => {
      err = (err + c).slice(-8192);
    });
    const timer = setTimeout(
      () => {
        timedOut = true;
        kill();
      },
      Math.max(0, deadline - Date.now()),
    );
    const onAbort = (): void => {
      aborted = true;
      kill();
    };
    if (o.signal?.aborted) onAbort();
    else o.signal?.addEventListener('abort', onAbort, { once: true });
    const done = (): void => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (e: NodeJS.ErrnoException) => {
      done();
      if (e.code === 'ENOENT' || e.code === 'EACCES') {
        reject(new BanditError('bandit_missing', `bandit command "${command}" not found`));
      } else reject(new BanditError('bandit_failed', `bandit could not start: ${e.code ?? e.message}`));
    });
    child.on('close', (code, signal) => {
      done();
      if (timedOut)
        return reject(new BanditError('bandit_timeout', 'bandit took longer than the time allowed'));
      if (aborted) return reject(new BanditError('interrupted', 'bandit was cancelled'));
      const said = lastLine(err, o.cwd);
      if (code === null || !OK_EXITS.has(code) || size > OUTPUT_CAP) {
        return reject(
          new BanditError('bandit_failed', `bandit failed (exit ${code ?? signal}): ${said || 'no message'}`),
        );
      }
      try {
        const report = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BanditReport;
        if (!Array.isArray(report.results) || !Array.isArray(report.errors))
          throw new TypeError('not a report');
        resolvePromise(report);
      } catch {
        reject(
          new BanditError(
            'bandit_failed',
            `bandit gave no valid JSON report (exit ${code}): ${said || 'no message'}`,
          ),
        );
      }
    });
  });
}

// A traceback's telling line is its last; the clone's folder is cut so no server path is recorded.
function lastLine(stderr: string, cwd: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('[') && !l.startsWith('File "'));
  return (lines[lines.length - 1] ?? '').split(`${cwd}/`).join('').slice(0, 300);
}

function byArgumentLength(files: string[]): string[][] {
  const groups: string[][] = [[]];
  let bytes = 0;
  for (const f of files) {
    const n = Buffer.byteLength(f) + 1;
    if (bytes + n > MAX_ARG_BYTES && groups[groups.length - 1]!.length > 0) {
      groups.push([]);
      bytes = 0;
    }
    groups[groups.length - 1]!.push(f);
    bytes += n;
  }
  return groups;
}
