import type { Kysely } from 'kysely';
import { historySegmentsRepo } from '../../store/repos/history-segments-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { decodeSegment, encodeSegment, type SegmentStore } from './incremental-history.js';

/** The incremental history's segments of one repository (`repoKey`: its canonical URL), in the database. */
export function dbSegmentStore(db: Kysely<MetricsDB>, repoKey: string): SegmentStore {
  return {
    heads: () => historySegmentsRepo.heads(db, repoKey),
    async get(sha, mailmap) {
      const row = await historySegmentsRepo.get(db, repoKey, sha, mailmap);
      if (row === null) return null;
      return {
        commitSha: row.commit_sha,
        baseSha: row.base_sha,
        total: row.total,
        commits: decodeSegment(row.payload),
      };
    },
    put: (seg, mailmap) =>
      historySegmentsRepo.put(
        db,
        repoKey,
        mailmap,
        {
          commit_sha: seg.commitSha,
          base_sha: seg.baseSha,
          commits: seg.commits.length,
          total: seg.total,
          payload: encodeSegment(seg.commits),
        },
        Date.now(),
      ),
    touch: (shas, mailmap) => historySegmentsRepo.touch(db, repoKey, shas, mailmap, Date.now()),
  };
}
