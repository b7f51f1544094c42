import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { decodeSource } from '@app/pyscan';
import { errors } from '../../errors.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { findingsRepo } from '../../store/repos/findings-repo.js';
import { sourceRepo } from '../../store/repos/source-repo.js';
import type { SourceStatus } from '../../store/schema.js';
import type { Finding } from '../findings/finding.js';
import { markEnvironment } from '../findings/findings-service.js';
import type { RunReads } from '../run-reads.js';

const gunzipAsync = promisify(gunzip);
// A file has at most this many findings in the source view (a generated file can have tens of thousands).
const MAX_FILE_FINDINGS = 5000;

/** One function's span and gutter metrics. */
export interface SourceFunction {
  name: string;
  class: string;
  lineno: number;
  endline: number;
  complexity: number;
  cognitive: number;
  rank: string;
}

/** The source view of one file. */
export interface SourceView {
  path: string;
  /** `not_stored`: the run finished before sources were stored. */
  status: SourceStatus | 'not_stored';
  size: number | null;
  text: string | null;
  functions: SourceFunction[];
  findings: Finding[];
  findings_total: number;
  pylint: {
    score: number | null;
    statements: number | null;
    convention: number | null;
    refactor: number | null;
    warning: number | null;
    error: number | null;
    fatal: number | null;
  };
}

const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A finished run's file: its stored text, function spans and metrics, findings and pylint inputs. */
export async function getSource(ctx: RunReads, id: number, path: string): Promise<SourceView> {
  const run = await getAnalysis(ctx, id);
  if (run.status !== 'done') {
    throw errors.analysis_not_done(`analysis ${id} is ${run.status}: its source view exists once it is done`);
  }
  await ctx.ensureRows(run);
  const file = await sourceRepo.file(ctx.db, id, path);
  if (!file) throw errors.file_not_in_analysis(`analysis ${id} has no file ${JSON.stringify(path)}`);
  const [stored, functions, findings] = await Promise.all([
    sourceRepo.source(ctx.db, id, path),
    sourceRepo.functions(ctx.db, id, path),
    findingsRepo.page(ctx.db, { analysisId: id, file: path }, MAX_FILE_FINDINGS, 0),
  ]);
  // The bytes as committed, decoded as Python does (PEP 263 cookie, BOM); undecodable means no text.
  const decoded = stored?.content ? decodeSource(await gunzipAsync(stored.content)) : null;
  const status = stored ? (decoded && !decoded.ok ? 'unreadable' : stored.status) : 'not_stored';
  return {
    path,
    status,
    size: numOrNull(stored?.size),
    text: decoded?.ok ? decoded.text : null,
    functions: functions.map((f) => ({
      name: f.name,
      class: f.class_name,
      lineno: Number(f.lineno),
      endline: Number(f.endline),
      complexity: Number(f.complexity),
      cognitive: Number(f.cognitive),
      rank: f.rank,
    })),
    findings: findings.rows.map(markEnvironment),
    findings_total: findings.total,
    pylint: {
      score: numOrNull(file.pylint_score),
      statements: numOrNull(stored?.pylint_statements),
      convention: numOrNull(file.pylint_convention),
      refactor: numOrNull(file.pylint_refactor),
      warning: numOrNull(file.pylint_warning),
      error: numOrNull(file.pylint_error),
      fatal: numOrNull(file.pylint_fatal),
    },
  };
}
