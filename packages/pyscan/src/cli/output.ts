// Writes the report in the chosen format to standard output, a file, or (CSV) a folder.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OutputFormat } from '../config/pyproject.js';
import { UsageError } from './exit-codes.js';
import { paint, useColor } from './formats/color.js';
import { writeCsvs } from './formats/csv.js';
import { renderGithub, writeJobSummary } from './formats/github.js';
import { renderGitlab } from './formats/gitlab.js';
import { renderJson } from './formats/json.js';
import { renderMarkdown } from './formats/markdown.js';
import { renderSarif } from './formats/sarif.js';
import { gateLines, renderText } from './formats/text.js';
import { count } from './formats/wording.js';
import type { Report } from './report.js';

function emit(text: string, out: string | undefined, cwd: string): void {
  if (out === undefined) {
    process.stdout.write(text);
    return;
  }
  const file = resolve(cwd, out);
  if (existsSync(file) && statSync(file).isDirectory()) {
    throw new UsageError(`--out ${out} is a folder: only --format csv writes to a folder`);
  }
  try {
    writeFileSync(file, text);
  } catch (err) {
    throw new UsageError(`cannot write ${out}: ${(err as Error).message}`);
  }
}

export function writeReport(
  report: Report,
  o: { format: OutputFormat; out: string | undefined; cwd: string; top: number; env: NodeJS.ProcessEnv },
): void {
  const { out, cwd } = o;
  switch (o.format) {
    case 'text':
      emit(renderText(report, paint(out === undefined && useColor(process.stdout, o.env)), o.top), out, cwd);
      break;
    case 'json':
      emit(renderJson(report), out, cwd);
      break;
    case 'sarif':
      emit(renderSarif(report), out, cwd);
      break;
    case 'gitlab':
      emit(renderGitlab(report), out, cwd);
      break;
    case 'markdown':
      emit(renderMarkdown(report, o.top), out, cwd);
      break;
    case 'github':
      emit(renderGithub(report), out, cwd);
      writeJobSummary(report, o.top, o.env);
      break;
    case 'csv': {
      const dir = resolve(cwd, out ?? 'pyscan-out');
      try {
        writeCsvs(report, dir);
      } catch (err) {
        throw new UsageError(`cannot write CSV files to ${dir}: ${(err as Error).message}`);
      }
      const s = report.summary;
      const errors = report.files.filter((r) => r.file.parse_error).length;
      process.stdout.write(
        `${count(report.files.length, 'file')} (${errors} with parse_error), ${count(s.functions, 'function')}, ` +
          `${count(s.classes, 'class')} in ${report.seconds.toFixed(2)} s with ${count(report.threads, 'thread')} -> ${dir}\n`,
      );
      break;
    }
  }
  // The other formats are for machines; the verdict and the violations go to stderr for the CI log.
  // (github's annotations already carry them: the runner would print them twice.)
  if (o.format !== 'text' && o.format !== 'github' && report.gate.rules.length > 0) {
    process.stderr.write(`${gateLines(report, paint(useColor(process.stderr, o.env))).join('\n')}\n`);
  }
}
