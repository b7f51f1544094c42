import { runTool } from '../process/run-tool.js';
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

async function runOnce(files: string[], o: RunBanditOptions, deadline: number): Promise<BanditReport> {
  const command = o.command ?? 'bandit';
  const end = await runTool(command, ['--format', 'json', '--quiet', '--', ...files], {
    cwd: o.cwd,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LANG: 'C.UTF-8',
      PYTHONDONTWRITEBYTECODE: '1',
      PYTHONIOENCODING: 'utf-8',
    },
    deadline,
    signal: o.signal,
    what: 'bandit',
    outputCap: OUTPUT_CAP,
    stderrHead: 0,
    stderrTail: 8192,
  });
  if (end.kind === 'not_started') {
    if (end.missing) throw new BanditError('bandit_missing', `bandit command "${command}" not found`);
    throw new BanditError('bandit_failed', `bandit could not start: ${end.reason}`);
  }
  if (end.kind === 'timeout')
    throw new BanditError('bandit_timeout', 'bandit took longer than the time allowed');
  if (end.kind === 'aborted') throw new BanditError('interrupted', 'bandit was cancelled');
  const { code, signal } = end;
  const said = lastLine(end.stderr, o.cwd);
  if (code === null || !OK_EXITS.has(code) || end.stdoutBytes > OUTPUT_CAP) {
    throw new BanditError('bandit_failed', `bandit failed (exit ${code ?? signal}): ${said || 'no message'}`);
  }
  try {
    const report = JSON.parse(end.stdout.toString('utf8')) as BanditReport;
    if (!Array.isArray(report.results) || !Array.isArray(report.errors)) throw new TypeError('not a report');
    return report;
  } catch {
    throw new BanditError(
      'bandit_failed',
      `bandit gave no valid JSON report (exit ${code}): ${said || 'no message'}`,
    );
  }
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
