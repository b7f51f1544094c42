import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTool, type ToolEnd } from '../process/run-tool.js';
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
  return runTool(o.command ?? 'pylint', args, {
    cwd: o.cwd,
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
    deadline: o.deadline,
    signal: o.signal,
    what: 'pylint',
    outputCap: OUTPUT_CAP,
    stderrHead: STDERR_KEEP,
    stderrTail: STDERR_KEEP,
  }).then((end) => messagesOf(end, o));
}

/** pylint's messages from how its process ended, or the {@link PylintError} that says why there are none. */
function messagesOf(end: ToolEnd, o: OnceOptions): JsonMessage[] {
  if (end.kind === 'not_started') {
    if (end.missing)
      throw new PylintError('pylint_missing', `pylint command "${o.command ?? 'pylint'}" not found`);
    throw new PylintError('pylint_failed', `pylint could not start: ${end.reason}`);
  }
  if (end.kind === 'timeout')
    throw new PylintError('pylint_timeout', 'pylint took longer than the time allowed');
  if (end.kind === 'aborted') throw new PylintError('interrupted', 'pylint was cancelled');
  const { code, signal } = end;
  const said = stderrSummary(end.stderr, o.cwd);
  if (code !== null && ((code & USAGE_ERROR) !== 0 || end.stdoutBytes > OUTPUT_CAP)) {
    throw new PylintError('pylint_failed', `pylint failed (exit ${code}): ${said || 'no message'}`);
  }
  const crashed = (why: string): PylintError =>
    new PylintError('pylint_crashed', said || `${why} (exit ${code ?? signal})`);
  // The JSON reporter always prints a list, `[]` when there is nothing to say: no output is a crash,
  // not a clean file.
  if (code === null) throw crashed('pylint was killed');
  const text = end.stdout.toString('utf8').trim();
  if (text === '') throw crashed('pylint gave no output');
  let messages: JsonMessage[];
  try {
    messages = JSON.parse(text) as JsonMessage[];
    if (!Array.isArray(messages)) throw new TypeError('not a list');
  } catch {
    throw crashed('pylint output was not valid JSON');
  }
  // A fatal exit bit is fine when a file's fatal message explains it (that file scores 0); without
  // one, pylint stopped on its own error and the messages so far are not the whole story.
  if ((code & FATAL) !== 0 && !messages.some((m) => m.type === 'fatal')) {
    throw crashed('pylint stopped with a fatal error');
  }
  return messages;
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
