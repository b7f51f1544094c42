import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free TCP port on loopback (bound and released; good enough for a test's own process). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Everything written so far to stdout and stderr. */
  output(): string;
  /** Resolves when the output matches, rejects on exit or after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Runs an entry point as a real process: a TypeScript one through tsx, a built JavaScript one
 * (a bundle in dist/, as `npm start` runs it) with plain node.
 */
export function runService(entry: string, env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (b: Buffer) => {
    out += b.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    // Generous: it resolves at the first match; the limit only ends a start that hangs (a service
    // started under tsx on a loaded 2-core machine can take over 20 s to print its first line).
    waitFor(pattern, ms = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = out.match(pattern);
          if (m) {
            cleanup();
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${pattern}; output:\n${out}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        exited.then((code) => {
          if (!out.match(pattern)) {
            cleanup();
            reject(new Error(`process exited (${code}) before ${pattern}; output:\n${out}`));
          }
        });
        check();
      });
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/**
 * Whether a process is running, as opposed to gone or a zombie. A child orphaned by a kill -9 is
 * re-parented to pid 1, and where pid 1 does not reap (a container's init, CI's sandbox), a killed
 * orphan stays listed as `Z` and still answers kill(pid, 0), so that probe alone says "alive".
 */
export function processRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
