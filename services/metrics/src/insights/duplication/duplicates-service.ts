import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { duplicationRepo } from '../../store/repos/duplication-repo.js';
import type { MetricsDB } from '../../store/schema.js';

async function doneRun(deps: { db: Kysely<MetricsDB> }, id: number) {
  const row = await getAnalysis(deps, id);
  if (row.status !== 'done')
    throw errors.analysis_not_done(`analysis ${id} is ${row.status}: its duplicates exist once it is done`);
  return row;
}

/** A page of a finished run's clone groups, largest first, each with its occurrences' locations. */
export async function listDuplicates(
  deps: { db: Kysely<MetricsDB> },
  id: number,
  p: { limit?: number | undefined; offset?: number | undefined; path?: string | undefined },
) {
  await doneRun(deps, id);
  const limit = p.limit ?? 50;
  const offset = p.offset ?? 0;
  const { groups, occurrences, total } = await duplicationRepo.page(deps.db, id, {
    limit,
    offset,
    path: p.path,
  });
  const items = groups.map((g) => ({
    group: g.group_no,
    tokens: g.tokens,
    lines: g.lines,
    occurrences: occurrences
      .filter((o) => o.group_no === g.group_no)
      .map((o) => ({ path: o.path, start_line: o.start_line, end_line: o.end_line })),
  }));
  return {
    items,
    total,
    limit,
    offset,
    next_offset: offset + items.length < total ? offset + items.length : null,
  };
}

/** One clone group with the stored text of every occurrence. */
export async function getDuplicate(deps: { db: Kysely<MetricsDB> }, id: number, groupNo: number) {
  await doneRun(deps, id);
  const g = await duplicationRepo.group(deps.db, id, groupNo);
  if (!g) throw errors.not_found(`analysis ${id} has no clone group ${groupNo}`);
  return {
    group: g.group_no,
    tokens: g.tokens,
    lines: g.lines,
    occurrences: g.occurrences.map((o) => ({
      path: o.path,
      start_line: o.start_line,
      end_line: o.end_line,
      text: o.text,
      truncated: o.truncated === 1,
    })),
  };
}
