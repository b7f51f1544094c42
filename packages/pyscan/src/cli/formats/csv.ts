// --format csv: the four CSV files of the metrics contract, written to a folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CLASS_COLUMNS, FILE_COLUMNS, FUNCTION_COLUMNS, SUMMARY_COLUMNS } from '../../columns.js';
import { toCsv } from '../../csv.js';
import type { Report } from '../report.js';

export function writeCsvs(r: Report, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const put = (name: string, text: string) => writeFileSync(resolve(dir, name), text);
  put(
    'file.csv',
    toCsv(
      FILE_COLUMNS,
      r.files.map((f) => f.file),
    ),
  );
  put(
    'class.csv',
    toCsv(
      CLASS_COLUMNS,
      r.files.flatMap((f) => f.classes),
    ),
  );
  put(
    'function.csv',
    toCsv(
      FUNCTION_COLUMNS,
      r.files.flatMap((f) => f.functions),
    ),
  );
  put('summary.csv', toCsv(SUMMARY_COLUMNS, [r.summary]));
}
