import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trackChildGroup } from '../process/child-groups.js';
import type { JsonMessage } from './json-message.js';
import { PylintError } from './pylint-error.js';
import type { RunPylintOptions } from './run-pylint-options.js';

export type { JsonMessage };

const PLUGIN_DIR = fileURLToPath(new URL('./plugin/', import.meta.url));
const RC_FILE = join(PLUGIN_DIR, 'metrics.pylintrc');
// Pylint's exit status is a bitmask of the message categories found: 1 fatal, 2 error, 4 warning,
// 8 refactor, 16 convention, 32 usage error (it did not run at all).
const FATAL = 1;
const USAGE_ERROR = 32;
const STDERR_KEEP = 16_384;
const OUTPUT_CAP = 512 * 1024 * 1024;

/** One pylint process: the run's options plus what `runPylint` decided for it. */
export interface OnceOptions extends RunPylintOptions {
  jobs: number;
  deadline: number;
  statementsFile: string;
  work: string;
}

/**
 * Runs one pylint process over `files` in its own process group (recorded for cleanup after a crash
 * of the service) and returns its messages. Rejects with {@link PylintError}: `pylint_crashed` when it
 * left no usable output (the caller splits the batch), or missing, failed, timeout, interrupted.
 */
export function runOnce(files: string[], o: OnceOptions): Promise<JsonMessage[]> {
  const args = [
    `--rcfile=${RC_FILE}`,
    // The repository's own options come first, so the harness options after them always win.
    ...(o.repoArgs ?? []),
    // pylint's two whole-run checkers are off (after the repository's options, so they stay off): their
    // messages depend on every file checked together, not on one file and what it imports, so a file's
    // result could not be cached on its own (cache/pylint-file-keys.ts). The service measures both
    // itself: clone groups (duplicate-code) and the import graph's cycles (cyclic-import).
    '--disable=duplicate-code,cyclic-import',
    '--persistent=n',
    '--output-format=json',
    '--reports=n',
    '--score=n',
    // More processes than files only adds start-up cost (and, for one file, a needless pool).
    `--jobs=${Math.min(o.jobs, files.length)}`,
    '--load-plugins=metrics_statement_count',
    '--enable=metrics-statement-count',
    '--',
    ...files,
  ];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(o.command ?? 'pylint', args, {
      cwd: o.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LANG: 'C.UTF-8',
        PYTHONPATH: PLUGIN_DIR,
        PYTHONDONTWRITEBYTECODE: '1',
        PYTHONIOENCODING: 'utf-8',
        PYLINTHOME: join(o.work, 'home'),
        METRICS_PYLINT_STATEMENTS: o.statementsFile,
      },
    });
    trackChildGroup(child, 'pylint');
    const out: Buffer[] = [];
    let outSize = 0;
    // Head and tail of stderr: a traceback's telling lines are at its end.
    let errHead = '';
    let errTail = '';
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
      outSize += c.length;
      if (outSize <= OUTPUT_CAP) out.push(c);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => {
      if (errHead.length < STDERR_KEEP) errHead += c;
      else errTail = (errTail + c).slice(-STDERR_KEEP);
    });
    const timer = setTimeout(
      () => {
        timedOut = true;
        kill();
      },
      Math.max(0, o.deadline - Date.now()),
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
        reject(new PylintError('pylint_missing', `pylint command "${o.command ?? 'pylint'}" not found`));
      } else reject(new PylintError('pylint_failed', `pylint could not start: ${e.code ?? e.message}`));
    });
    child.on('close', (code, signal) => {
      done();
      if (timedOut)
        return reject(new PylintError('pylint_timeout', 'pylint took longer than the time allowed'));
      if (aborted) return reject(new PylintError('interrupted', 'pylint was cancelled'));
      const said = stderrSummary(errHead + errTail, o.cwd);
      if (code !== null && ((code & USAGE_ERROR) !== 0 || outSize > OUTPUT_CAP)) {
        return reject(
          new PylintError('pylint_failed', `pylint failed (exit ${code}): ${said || 'no message'}`),
        );
      }
      const crashed = (why: string): void =>
        reject(new PylintError('pylint_crashed', said || `${why} (exit ${code ?? signal})`));
      // The JSON reporter always prints a list, `[]` when there is nothing to say: no output is a crash,
      // not a clean file.
      if (code === null) return crashed('pylint was killed');
      const text = Buffer.concat(out).toString('utf8').trim();
      if (text === '') return crashed('pylint gave no output');
      let messages: JsonMessage[];
      try {
        messages = JSON.parse(text) as JsonMessage[];
        if (!Array.isArray(messages)) throw new TypeError('not a list');
      } catch {
        return crashed('pylint output was not valid JSON');
      }
      // A fatal exit bit is fine when a file's fatal message explains it (that file scores 0); without
      // one, pylint stopped on its own error and the messages so far are not the whole story.
      if ((code & FATAL) !== 0 && !messages.some((m) => m.type === 'fatal')) {
        return crashed('pylint stopped with a fatal error');
      }
      resolvePromise(messages);
    });
  });
}

// Traceback frames and chaining notes say where, not what: the first other lines are pylint's own
// words. Paths inside the clone are made relative so no server folder reaches the run record.
function stderrSummary(stderr: string, cwd: string): string {
  const useful = stderr
    .split('\n')
    .map((l) => l.trimEnd())
    .filter(
      (l) =>
        l !== '' &&
        !/^\s/.test(l) &&
        !/^Traceback \(most recent call last\):/.test(l) &&
        !/^(During handling of the above exception|The above exception was the direct cause)/.test(l),
    );
  return useful.slice(0, 2).join(' / ').split(`${cwd}/`).join('').split(cwd).join('.').slice(0, 300);
}
