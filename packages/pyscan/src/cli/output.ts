// Writes the report in the chosen format to standard output, a file, or (CSV) a folder.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OutputFormat } from '../config/pyproject.js';
import { UsageError } from './exit-codes.js';
import { paint, useColor } from './formats/color.js';
import { writeCsvs } from './formats/csv.js';
import { renderJson } from './formats/json.js';
import { renderSarif } from './formats/sarif.js';
import { gateLines, renderText } from './formats/text.js';
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
        `${report.files.length} files (${errors} with parse_error), ${s.functions} functions, ` +
          `${s.classes} classes in ${report.seconds.toFixed(2)} s with ${report.threads} threads -> ${dir}\n`,
      );
      break;
    }
  }
  // The other formats are for machines; the verdict and the violations go to stderr for the CI log.
  if (o.format !== 'text' && report.gate.rules.length > 0) {
    process.stderr.write(`${gateLines(report, paint(useColor(process.stderr, o.env))).join('\n')}\n`);
  }
}
