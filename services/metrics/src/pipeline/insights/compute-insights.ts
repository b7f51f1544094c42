import type { FileAnalysis } from '@app/pyscan';
import type { InsightFileColumns, InsightInternalColumns } from '../../store/file-columns.js';
import type { InsightRows } from '../../store/repos/insights-repo.js';
import type { HistoryRun } from '../history/git-history.js';
import { ageMonths } from './code-age.js';
import { type CouplingPair, couplingPairs } from './coupling.js';
import { hotspotScores } from './hotspot-score.js';
import { busFactor, type FileKnowledge, fileKnowledge, folderBusFactors } from './knowledge.js';

export type HistoryReason = 'shallow_clone' | 'history_disabled' | null;

/** Whether a run had the history the insights need (the `history` object of every insights response). */
export interface HistoryState {
  available: boolean;
  reason: HistoryReason;
  commits_read: number;
}

export type InsightColumns = InsightFileColumns & InsightInternalColumns;

export interface AuthorShare {
  path: string;
  email: string;
  name: string;
  lines: number;
}

/** Everything a run stores for the insights: the store's rows plus the per-file columns. */
export interface RunInsights extends InsightRows {
  state: HistoryState;
  files: Map<string, InsightColumns>;
  pairs: CouplingPair[];
  shares: AuthorShare[];
  folders: { path: string; bus_factor: number; files: number }[];
  bus_factor: number;
  authors_total: number;
}

const EMPTY_HISTORY: InsightFileColumns & Omit<InsightInternalColumns, 'complexity_sum' | 'cognitive_sum'> = {
  revisions_90d: null,
  churn: null,
  churn_90d: null,
  age_months: null,
  main_author_share: null,
  knowledgeable_authors: null,
  hotspot_score: null,
  last_changed: null,
  main_author_name: null,
  main_author_email: null,
  hotspot_score_cognitive: null,
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Hotspots, knowledge, code age and coupling of a run from its history pass and pyscan's functions.
 * `history` null means the run had history disabled; a pass over a shallow clone is unavailable too.
 */
export function computeInsights(analyses: FileAnalysis[], history: HistoryRun | null): RunInsights {
  const files = new Map<string, InsightColumns>();
  const cx = analyses.map((a) => ({
    path: a.file.path,
    complexity_sum: sum(a.functions.map((f) => f.complexity)),
    cognitive_sum: sum(a.functions.map((f) => f.cognitive)),
  }));
  if (history === null || !history.available) {
    for (const c of cx) files.set(c.path, { ...EMPTY_HISTORY, ...c });
    return {
      state: {
        available: false,
        reason: history === null ? 'history_disabled' : 'shallow_clone',
        commits_read: history?.commitsRead ?? 0,
      },
      files,
      pairs: [],
      shares: [],
      folders: [],
      bus_factor: 0,
      authors_total: 0,
    };
  }
  const revs = cx.map((c) => history.files.get(c.path)?.revisions ?? 0);
  const byCc = hotspotScores(cx.map((c, i) => ({ revisions: revs[i]!, complexity: c.complexity_sum })));
  const byCog = hotspotScores(cx.map((c, i) => ({ revisions: revs[i]!, complexity: c.cognitive_sum })));
  const knowledge: FileKnowledge[] = [];
  const shares: AuthorShare[] = [];
  const people = new Set<string>();
  const nameOf = (email: string) => history.names.get(email) ?? '';
  cx.forEach((c, i) => {
    const ch = history.churn.get(c.path);
    const k = fileKnowledge(c.path, ch?.author_lines ?? new Map());
    knowledge.push(k);
    for (const [email, lines] of ch?.author_lines ?? []) {
      people.add(email);
      shares.push({ path: c.path, email, name: nameOf(email), lines });
    }
    files.set(c.path, {
      revisions_90d: ch?.revisions_recent ?? 0,
      churn: ch?.churn ?? 0,
      churn_90d: ch?.churn_recent ?? 0,
      age_months: ch ? ageMonths(history.headTime, ch.last_time) : null,
      main_author_share: k.share,
      knowledgeable_authors: k.knowers.length,
      hotspot_score: byCc[i]!,
      last_changed: ch ? ch.last_time * 1000 : null,
      main_author_name: k.main === null ? null : nameOf(k.main),
      main_author_email: k.main,
      hotspot_score_cognitive: byCog[i]!,
      ...c,
    });
  });
  return {
    state: { available: true, reason: null, commits_read: history.commitsRead },
    files,
    pairs: history.coupling ? couplingPairs(history.coupling) : [],
    shares,
    folders: folderBusFactors(knowledge),
    bus_factor: busFactor(knowledge),
    authors_total: people.size,
  };
}
