import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { trackChildGroup } from '../process/child-groups.js';
import { killGroup } from '../repo/run-git.js';

// A pylint that does not answer --version in this time is used uncached.
const VERSION_TIMEOUT_MS = 60_000;

/** The binary a command runs: resolved on PATH, symlinks followed, with what says it changed. */
interface BinaryId {
  path: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

// `pylint --version` per binary. Asking it starts Python (0.6 s on a quiet machine, seconds under
// load), which was most of a cached re-run; a binary replaced or upgraded in place gets another
// size, mtime or inode and is asked again.
const remembered = new Map<string, { id: BinaryId; version: string }>();

/** Where `command` resolves to, as spawn would find it; null when it is not an executable file. */
export function resolveBinary(command: string): BinaryId | null {
  const candidates = command.includes('/')
    ? [resolve(command)]
    : (process.env.PATH ?? '')
        .split(delimiter)
        .filter((dir) => isAbsolute(dir))
        .map((dir) => join(dir, command));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      const path = realpathSync(candidate);
      const st = statSync(path);
      if (!st.isFile()) continue;
      return { path, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino };
    } catch {
      // Not there or not executable: the next PATH entry, as the shell does.
    }
  }
  return null;
}

const sameBinary = (a: BinaryId, b: BinaryId): boolean =>
  a.path === b.path && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

/**
 * `pylint --version` of `command` (normalised to one line), remembered per resolved binary so only
 * the first run after a start or a change of binary pays for it; null when it cannot be run (never
 * remembered, so a pylint installed later is found).
 */
export async function pylintVersion(
  command: string,
  timeoutMs: number,
  signal?: AbortSignal,
  /** Told when pylint has to be run to answer (its version was not remembered). */
  onAsk?: () => void,
): Promise<string | null> {
  const id = resolveBinary(command);
  if (!id) return null;
  const known = remembered.get(command);
  if (known && sameBinary(known.id, id)) return known.version;
  onAsk?.();
  const version = await askVersion(command, timeoutMs, signal);
  if (version !== null) remembered.set(command, { id, version });
  return version;
}

/**
 * Runs `<command> --version` in its own process group, so a cancel or a crash of the service reaps it
 * like pylint itself.
 */
function askVersion(command: string, timeoutMs: number, signal?: AbortSignal): Promise<string | null> {
  return new Promise((resolveVersion) => {
    let child: ChildProcess;
    try {
      child = spawn(command, ['--version'], {
        detached: true,
        stdio: ['ignore', 'pipe', 'ignore'],
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          LANG: 'C.UTF-8',
          PYTHONDONTWRITEBYTECODE: '1',
        },
      });
    } catch {
      resolveVersion(null);
      return;
    }
    trackChildGroup(child, 'pylint --version');
    let out = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (d: string) => {
      if (out.length < 4096) out += d;
    });
    const stop = (): void => killGroup(child);
    const timer = setTimeout(stop, Math.min(VERSION_TIMEOUT_MS, timeoutMs));
    signal?.addEventListener('abort', stop, { once: true });
    const done = (v: string | null): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      resolveVersion(v);
    };
    child.on('error', () => done(null));
    child.on('close', (code) => done(code === 0 && out.trim() ? out.trim().replace(/\s+/g, ' ') : null));
  });
}
