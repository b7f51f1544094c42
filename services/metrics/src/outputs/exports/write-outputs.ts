import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { CLASS_COLUMNS, FUNCTION_COLUMNS, toCsv } from '@app/pyscan';
import { DUPLICATES_CSV_COLUMNS, duplicateCsvRows } from '../../insights/duplication/duplicates-csv.js';
import {
  COUPLING_CSV_COLUMNS,
  HOTSPOT_CSV_COLUMNS,
  insightCsvRows,
  KNOWLEDGE_CSV_COLUMNS,
} from '../../insights/insight-csv.js';
import { FINDING_CSV_COLUMNS } from '../../pipeline/findings/finding.js';
import { type RunResults, SUMMARY_CSV_COLUMNS } from '../../pipeline/results/build-results.js';
import { FILE_CSV_COLUMNS } from '../../pipeline/results/file-row.js';
import type { StoredOutput } from '../../store/repos/outputs-repo.js';
import { writeZip } from '../output/zip.js';
import { codeHealthCsvs } from './code-health-csvs.js';
import { neutraliseRow } from './csv-cells.js';

/** The downloadable levels and their files inside the output folder. */
export const LEVEL_FILES = {
  file: 'file.csv',
  class: 'class.csv',
  function: 'function.csv',
  summary: 'summary.csv',
} as const;

/** The history insights' CSVs (in the ZIP; headers only when the run had no full history). */
export const INSIGHT_FILES = {
  hotspots: 'hotspots.csv',
  coupling: 'coupling.csv',
  knowledge: 'knowledge.csv',
} as const;

/** Pylint's messages, one row each (in the ZIP; headers only when pylint did not run). */
export const FINDINGS_FILE = 'findings.csv';
export type Level = keyof typeof LEVEL_FILES;

/** The ZIP's file name inside the output folder. */
export const zipName = (outputName: string) => `${outputName}.zip`;

const gzipAsync = promisify(gzip);

/**
 * Writes the four level CSVs, the three insight CSVs, the code-health CSVs (code-health-csvs.ts), summary.json and the ZIP of them into `<outputsDir>/<name>/`. Files are built
 * in a temporary folder renamed into place at the end, so a download never sees half a run.
 * Returns the same files for the database (CSVs and JSON gzip-compressed, the ZIP as it is), from
 * which every instance serves downloads; the folder is the export on the machine that ran the run.
 */
export async function writeOutputs(outputsDir: string, name: string, r: RunResults): Promise<StoredOutput[]> {
  const final = join(outputsDir, name);
  const tmp = join(outputsDir, `.${name}.partial`);
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  // Every CSV goes through neutraliseRow; summary.json is data, not a spreadsheet, and stays as it is.
  const csv = (columns: readonly string[], rows: object[]) => toCsv(columns, rows.map(neutraliseRow));
  const insight = insightCsvRows(r.files, r.analyses, r.insights);
  const docs: [string, string][] = [
    [LEVEL_FILES.file, csv(FILE_CSV_COLUMNS, r.files)],
    [
      LEVEL_FILES.class,
      csv(
        CLASS_COLUMNS,
        r.analyses.flatMap((a) => a.classes),
      ),
    ],
    [
      LEVEL_FILES.function,
      csv(
        FUNCTION_COLUMNS,
        r.analyses.flatMap((a) => a.functions),
      ),
    ],
    [LEVEL_FILES.summary, csv(SUMMARY_CSV_COLUMNS, [r.summary])],
    ['duplicates.csv', csv(DUPLICATES_CSV_COLUMNS, duplicateCsvRows(r.clones))],
    [INSIGHT_FILES.hotspots, csv(HOTSPOT_CSV_COLUMNS, insight.hotspots)],
    [INSIGHT_FILES.coupling, csv(COUPLING_CSV_COLUMNS, insight.coupling)],
    [INSIGHT_FILES.knowledge, csv(KNOWLEDGE_CSV_COLUMNS, insight.knowledge)],
    [FINDINGS_FILE, csv(FINDING_CSV_COLUMNS, r.code.findings)],
    ...codeHealthCsvs(r.health, r.codeHealth, null).map(([file, columns, rows]): [string, string] => [
      file,
      csv(columns, rows),
    ]),
    ['summary.json', `${JSON.stringify(r.summary, null, 2)}\n`],
  ];
  for (const [file, text] of docs) await writeFile(join(tmp, file), text);
  await writeZip(
    join(tmp, zipName(name)),
    docs.map(([file]) => ({ name: file, path: join(tmp, file) })),
  );
  const stored: StoredOutput[] = [];
  for (const [file, text] of docs) {
    const bytes = Buffer.from(text);
    stored.push({ name: file, encoding: 'gzip', size: bytes.length, content: await gzipAsync(bytes) });
  }
  const zip = await readFile(join(tmp, zipName(name)));
  stored.push({ name: zipName(name), encoding: 'identity', size: zip.length, content: zip });
  await rm(final, { recursive: true, force: true });
  await rename(tmp, final);
  return stored;
}
