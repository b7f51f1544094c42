import { spawn } from 'node:child_process';
import { trackChildGroup } from './child-groups.js';

/** How one run of an analysis tool (pylint, bandit) ended. */
export type ToolEnd =
  | {
      kind: 'exit';
      /** Exit status, or null when a signal ended it (`signal`). */
      code: number | null;
      signal: NodeJS.Signals | null;
      /** stdout as kept (up to `outputCap`), and how many bytes came in all. */
      stdout: Buffer;
      stdoutBytes: number;
      /** The head and the tail of stderr (a traceback's telling lines are at its end). */
      stderr: string;
    }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  /** It did not start: `missing` when the command is not found or not executable. */
  | { kind: 'not_started'; missing: boolean; reason: string };

/** One run of a tool over the clone. */
export interface ToolRunOptions {
  cwd: string;
  /** The tool's whole environment (nothing of the service's own is passed on unless named here). */
  env: NodeJS.ProcessEnv;
  /** Killed at this time (ms since the epoch). */
  deadline: number;
  signal?: AbortSignal | undefined;
  /** Its name in the child-group records (`pylint`, `bandit`). */
  what: string;
  /** stdout bytes kept; past it the rest is counted, not kept. */
  outputCap: number;
  /** stderr characters kept from its start and from its end. */
  stderrHead: number;
  stderrTail: number;
}

/**
 * Runs `command` in its own process group (recorded for cleanup after a crash of the service, and
 * killed whole on timeout or abort: a tool's helpers go with it) and says how it ended. Never rejects:
 * the caller turns each end into its own errors.
 */
export function runTool(command: string, args: string[], o: ToolRunOptions): Promise<ToolEnd> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: o.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: o.env,
    });
    trackChildGroup(child, o.what);
    const out: Buffer[] = [];
    let outSize = 0;
    let errHead = '';
    let errTail = '';
    let end: 'timeout' | 'aborted' | null = null;
    const kill = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    child.stdout.on('data', (c: Buffer) => {
      outSize += c.length;
      if (outSize <= o.outputCap) out.push(c);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => {
      if (errHead.length < o.stderrHead) errHead += c;
      else errTail = (errTail + c).slice(-o.stderrTail);
    });
    const timer = setTimeout(
      () => {
        end ??= 'timeout';
        kill();
      },
      Math.max(0, o.deadline - Date.now()),
    );
    const onAbort = (): void => {
      end ??= 'aborted';
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
      const missing = e.code === 'ENOENT' || e.code === 'EACCES';
      resolve({ kind: 'not_started', missing, reason: e.code ?? e.message });
    });
    child.on('close', (code, signal) => {
      done();
      if (end !== null) return resolve({ kind: end });
      resolve({
        kind: 'exit',
        code,
        signal,
        stdout: Buffer.concat(out),
        stdoutBytes: outSize,
        stderr: errHead + errTail,
      });
    });
  });
}
