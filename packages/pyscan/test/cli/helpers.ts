// Runs the pyscan CLI as a real process and builds small folders and git repositories for it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import type { FormatsPlugin } from 'ajv-formats';

export const CLI_SOURCE = new URL('../../src/cli.ts', import.meta.url).pathname;
export const BIN = new URL('../../bin/pyscan.mjs', import.meta.url).pathname;
// Resolved here so the CLI can run with any folder (a temporary one) as its working folder.
const TSX = import.meta.resolve('tsx');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The TypeScript source through tsx, as `npm run analyze` would, in `cwd`. */
export function pyscan(
  args: string[],
  opts: { cwd?: string; env?: Record<string, string | undefined> } = {},
): CliResult {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...opts.env };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const res = spawnSync(process.execPath, ['--import', TSX, CLI_SOURCE, '--threads', '1', ...args], {
    cwd: opts.cwd,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** A temporary folder with files written from a path → content map. */
export function tempTree(files: Record<string, string>): {
  dir: string;
  write(rel: string, text: string): void;
  cleanup(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'pyscan-cli-'));
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  return { dir, write, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function git(cwd: string, ...args: string[]): string {
  const res = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.invalid',
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: cwd,
    },
  });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
  return res.stdout;
}

/** A function whose cyclomatic complexity is `cc` (one `if` per extra point). */
export function pyFunction(name: string, cc: number, params = 1): string {
  const args = Array.from({ length: params }, (_, i) => `a${i}`).join(', ');
  const body = Array.from({ length: cc - 1 }, (_, i) => `    if a0 == ${i}:\n        return ${i}\n`).join('');
  return `def ${name}(${args}):\n${body}    return -1\n`;
}

// ajv-formats is CommonJS with an `exports.default`; require gives the plugin function itself.
const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;
export const ESC = '\u001b[';

export const REPORT_SCHEMA = new URL('../../schema/pyscan-report.schema.json', import.meta.url);
export const SARIF_SCHEMA = new URL('../fixtures/sarif-schema-2.1.0.json', import.meta.url);

export function validator(schemaUrl: URL): { (data: unknown): boolean; errors?: unknown } {
  // strict off: the SARIF schema uses keywords ajv's strict mode frowns on (uniqueItems on objects).
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = ajv.compile(JSON.parse(readFileSync(schemaUrl, 'utf8')));
  const check = (data: unknown) => {
    const ok = compiled(data);
    check.errors = compiled.errors;
    return ok;
  };
  check.errors = undefined as unknown;
  return check;
}
