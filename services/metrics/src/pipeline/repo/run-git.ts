import { type ChildProcess, spawn } from 'node:child_process';
import { trackChildGroup } from '../process/child-groups.js';

/** Result of one finished git process. */
export interface GitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
}

/** Options of {@link runGit}. */
export interface RunGitOptions {
  cwd: string;
  /** Kill the whole process group after this many milliseconds. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra environment on top of {@link gitEnv}. */
  env?: NodeJS.ProcessEnv;
  /** Called with each stdout chunk; stdout is then not collected. */
  onStdout?: (chunk: Buffer) => void;
  /** Written to git's standard input (which is otherwise closed). */
  stdin?: string;
}

const KEEP_ENV = [
  'PATH',
  'HOME',
  'TMPDIR',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'GIT_SSL_CAINFO',
];

/**
 * The environment every git process gets: no system or user config (so no inherited url rewrites,
 * credential helpers, filters or hooks), no prompts, no LFS downloads, C locale for parseable messages.
 */
export function gitEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const k of KEEP_ENV) if (process.env[k] !== undefined) env[k] = process.env[k];
  return {
    ...env,
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'echo',
    SSH_ASKPASS: 'echo',
    GCM_INTERACTIVE: 'never',
    GIT_LFS_SKIP_SMUDGE: '1',
    ...extra,
  };
}

const STDERR_CAP = 64 * 1024;

/** Kills the process group of a detached child (git spawns helpers such as remote-https and index-pack). */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Runs git with an argument array (never a shell) in its own process group, with a timeout. */
export function runGit(args: string[], opts: RunGitOptions): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: opts.cwd,
      env: gitEnv(opts.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    // A git that exits early (killed, failed) closes its end: the error is its exit status, not EPIPE.
    child.stdin.on('error', () => {});
    child.stdin.end(opts.stdin ?? '');
    trackChildGroup(child, `git ${args.find((a, i) => !a.startsWith('-') && args[i - 1] !== '-c') ?? ''}`);
    const out: Buffer[] = [];
    let err = '';
    let timedOut = false;
    let aborted = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (opts.onStdout) opts.onStdout(chunk);
      else out.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (err.length < STDERR_CAP) err += chunk;
    });
    const timer =
      opts.timeoutMs !== undefined
        ? setTimeout(
            () => {
              timedOut = true;
              killGroup(child);
            },
            Math.max(0, opts.timeoutMs),
          )
        : undefined;
    const onAbort = (): void => {
      aborted = true;
      killGroup(child);
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.signal?.aborted) onAbort();
    child.on('error', (e) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: err, timedOut, aborted });
    });
  });
}

/** The most telling line of git's stderr (its `fatal:`/`error:` line), with any URL credentials removed. */
export function gitErrorLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const line = lines.find((l) => /^(fatal|error):/.test(l)) ?? lines[lines.length - 1] ?? '';
  return redactCredentials(line).slice(0, 300);
}

/** Removes `user:password@` from any URL in a message. */
export function redactCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, '$1');
}
