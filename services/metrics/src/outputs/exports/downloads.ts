import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { MetricsConfig } from '../../config.js';
import { errors } from '../../errors.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { outputsRepo } from '../../store/repos/outputs-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { LEVEL_FILES, type Level, zipName } from './write-outputs.js';

/** An output file opened for sending. */
export interface Download {
  stream: Readable;
  size: number;
  contentType: string;
  fileName: string;
}

const isLevel = (l: string): l is Level => Object.hasOwn(LEVEL_FILES, l);

/**
 * Opens a finished run's file of `level` (or the ZIP for `all`): 404 unknown, 409 not done. Served
 * from the database, so any instance answers for any run; runs finished before outputs were stored
 * there (migration 007) are read from the output folder of this instance, as before.
 */
export async function openDownload(
  deps: { db: Kysely<MetricsDB>; config: Pick<MetricsConfig, 'outputsDir'> },
  id: number,
  level: string,
): Promise<Download> {
  if (level !== 'all' && !isLevel(level)) {
    throw errors.unknown_level(`level "${level}" does not exist: use file, class, function, summary or all`);
  }
  const row = await getAnalysis(deps, id);
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
  const described = {
    contentType: level === 'all' ? 'application/zip' : 'text/csv; charset=utf-8',
    fileName: level === 'all' ? zipName(name) : `${name}__${file}`,
  };
  const stored = await outputsRepo.get(deps.db, id, file);
  if (stored) {
    const body = Readable.from([stored.content]);
    return {
      stream: stored.encoding === 'gzip' ? body.pipe(createGunzip()) : body,
      size: Number(stored.size),
      ...described,
    };
  }
  const path = join(deps.config.outputsDir, name, file);
  const size = await stat(path).then(
    (s) => s.size,
    () => {
      throw errors.not_found(
        `the output files of analysis ${id} are not stored in the database (it finished before they were) and not on this instance's disk`,
      );
    },
  );
  return { stream: createReadStream(path), size, ...described };
}
