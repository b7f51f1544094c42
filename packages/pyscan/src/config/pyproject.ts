// The [tool.pyscan] table of a pyproject.toml: reading, validating, finding.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { globProblem } from './globs.js';

export const OUTPUT_FORMATS = ['text', 'json', 'csv', 'sarif', 'github', 'gitlab', 'markdown'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Settings a [tool.pyscan] table may hold; every key is optional. */
export interface PyscanSettings {
  fail_on?: string[];
  exclude?: string[];
  include_tests?: boolean;
  format?: OutputFormat;
  threads?: number;
  max_file_seconds?: number;
  top?: number;
}

export const SETTING_KEYS = [
  'fail_on',
  'exclude',
  'include_tests',
  'format',
  'threads',
  'max_file_seconds',
  'top',
] as const;

/** A pyproject.toml whose [tool.pyscan] table could not be used; `message` is one line. */
export class PyprojectError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'PyprojectError';
  }
}

/**
 * Parses a pyproject.toml's text and returns its [tool.pyscan] settings, or null when the file
 * has no such table. Throws PyprojectError on invalid TOML, unknown keys or wrong types.
 */
export function parsePyscanSettings(text: string, file = 'pyproject.toml'): PyscanSettings | null {
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (err) {
    const msg = err instanceof TomlError ? `line ${err.line}: ${firstLine(err.message)}` : String(err);
    throw new PyprojectError(file, `invalid TOML (${msg})`);
  }
  const tool = doc.tool;
  if (!isTable(tool) || !('pyscan' in tool)) return null;
  const table = tool.pyscan;
  if (!isTable(table)) throw new PyprojectError(file, '[tool.pyscan] must be a table');
  return validateSettings(table, file);
}

function validateSettings(table: Record<string, unknown>, file: string): PyscanSettings {
  const out: PyscanSettings = {};
  const bad = (key: string, want: string) => new PyprojectError(file, `[tool.pyscan] ${key} must be ${want}`);
  for (const [key, value] of Object.entries(table)) {
    switch (key) {
      case 'fail_on':
        if (typeof value === 'string') out.fail_on = [value];
        else if (isStringArray(value)) out.fail_on = value;
        else throw bad(key, 'a string ("cc>15,mi<20") or an array of strings');
        break;
      case 'exclude': {
        if (!isStringArray(value)) throw bad(key, 'an array of glob strings');
        const problem = value.map((g) => globProblem(g)).find((p) => p !== null);
        if (problem) throw new PyprojectError(file, `[tool.pyscan] exclude: ${problem}`);
        out.exclude = value;
        break;
      }
      case 'include_tests':
        if (typeof value !== 'boolean') throw bad(key, 'true or false');
        out.include_tests = value;
        break;
      case 'format':
        if (typeof value !== 'string' || !(OUTPUT_FORMATS as readonly string[]).includes(value))
          throw bad(key, `one of ${OUTPUT_FORMATS.join(', ')}`);
        out.format = value as OutputFormat;
        break;
      case 'threads':
      case 'top':
        if (!Number.isInteger(value) || (value as number) < 1) throw bad(key, 'a positive integer');
        out[key] = value as number;
        break;
      case 'max_file_seconds':
        if (typeof value !== 'number' || !(value > 0)) throw bad(key, 'a positive number of seconds');
        out.max_file_seconds = value;
        break;
      default:
        throw new PyprojectError(
          file,
          `unknown key '${key}' in [tool.pyscan]; valid keys: ${SETTING_KEYS.join(', ')}`,
        );
    }
  }
  return out;
}

/** A pyproject.toml with a [tool.pyscan] table. */
export interface FoundSettings {
  file: string;
  settings: PyscanSettings;
}

/**
 * The nearest pyproject.toml with a [tool.pyscan] table, looking in `start` and then its parents,
 * stopping after the folder that holds `.git` (the repository root). A pyproject.toml without the
 * table is passed over, as other Python tools do with their own tables.
 */
export function findPyscanSettings(start: string): FoundSettings | null {
  let dir = start;
  for (;;) {
    const file = join(dir, 'pyproject.toml');
    if (existsSync(file)) {
      const settings = parsePyscanSettings(readFileSync(file, 'utf8'), file);
      if (settings) return { file, settings };
    }
    const parent = dirname(dir);
    if (existsSync(join(dir, '.git')) || parent === dir) return null;
    dir = parent;
  }
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function firstLine(s: string): string {
  return (s.split('\n')[0] ?? s).trim();
}
