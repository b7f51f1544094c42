import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { getAnalysis } from '../analyses/analyses-service.js';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { LEVEL_FILES, type Level, zipName } from './write-outputs.js';

/** An output file opened for sending. */
export interface Download {
  stream: ReadStream;
  size: number;
  contentType: string;
  fileName: string;
}

const isLevel = (l: string): l is Level => Object.hasOwn(LEVEL_FILES, l);

/** Finds a finished run's file of `level` (or the ZIP for `all`) on disk: 404 unknown, 409 not done. */
export async function openDownload(ctx: AppContext, id: number, level: string): Promise<Download> {
  if (level !== 'all' && !isLevel(level)) {
    throw errors.unknown_level(`level "${level}" does not exist: use file, class, function, summary or all`);
  }
  const row = await getAnalysis(ctx, id);
  if (row.history_parent_id != null) {
    throw errors.not_found(
      `analysis ${id} is a per-commit run of history run ${row.history_parent_id}: it has no output files (its results are in the API)`,
    );
  }
  if (row.status !== 'done' || !row.output_name) {
    throw errors.analysis_not_done(`analysis ${id} is ${row.status}: outputs exist once it is done`);
  }
  const name = row.output_name;
  const file = level === 'all' ? zipName(name) : LEVEL_FILES[level];
  const path = join(ctx.config.outputsDir, name, file);
  const size = await stat(path).then(
    (s) => s.size,
    () => {
      throw errors.not_found(`the output files of analysis ${id} are no longer on disk`);
    },
  );
  return {
    stream: createReadStream(path),
    size,
    contentType: level === 'all' ? 'application/zip' : 'text/csv; charset=utf-8',
    fileName: level === 'all' ? zipName(name) : `${name}__${file}`,
  };
}
