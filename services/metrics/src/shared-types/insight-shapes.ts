// The answers of the history insights (docs/metrics-service.md "History insights": hotspots, change
// coupling, knowledge, code age), as the routes declare them; the web UI imports the types only.
import { type Static, Type } from 'typebox';

const Int = Type.Integer();
const Num = Type.Number();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
export const HistoryState = Type.Object({
  available: Type.Boolean(),
  reason: Type.Union([Type.Literal('shallow_clone'), Type.Literal('history_disabled'), Type.Null()]),
  commits_read: Int,
});
export const HotspotsResponse = Type.Object({
  history: HistoryState,
  by: Type.Union([Type.Literal('cc'), Type.Literal('cognitive')]),
  total: Int,
  items: Type.Array(
    Type.Object({
      path: Type.String(),
      score: Num,
      rank: Int,
      revisions: Int,
      revisions_90d: Int,
      churn: Int,
      churn_90d: Int,
      complexity: Int,
      cognitive: Int,
      loc: Int,
      age_months: Int,
      top_functions: Type.Array(
        Type.Object({
          name: Type.String(),
          class_name: Nullable(Type.String()),
          lineno: Int,
          complexity: Int,
          cognitive: Int,
        }),
      ),
    }),
  ),
  folders: Type.Array(Type.Object({ path: Type.String(), score: Num, score_sum: Num, files: Int })),
});
export const CouplingResponse = Type.Object({
  history: HistoryState,
  total: Int,
  params: Type.Object({ min_revisions: Int, min_shared: Int, min_degree: Num, max_commit_files: Int }),
  items: Type.Array(
    Type.Object({
      path_a: Type.String(),
      path_b: Type.String(),
      shared_commits: Int,
      degree: Num,
      revisions_a: Int,
      revisions_b: Int,
    }),
  ),
});
export const AuthorRef = Type.Object({ name: Type.String(), email: Type.String() });
export const KnowledgeResponse = Type.Object({
  history: HistoryState,
  bus_factor: Int,
  authors_total: Int,
  authors: Type.Array(
    Type.Object({ name: Type.String(), email: Type.String(), files_main: Int, lines: Int }),
  ),
  files: Type.Array(
    Type.Object({
      path: Type.String(),
      main_author: Nullable(AuthorRef),
      main_author_share: Num,
      knowledgeable_authors: Int,
      authors_total: Int,
    }),
  ),
  folders: Type.Array(Type.Object({ path: Type.String(), bus_factor: Int, files: Int })),
  at_risk: Type.Array(Type.Object({ path: Type.String(), main_author: AuthorRef, main_author_share: Num })),
});
export const CodeAgeResponse = Type.Object({
  history: HistoryState,
  files: Type.Array(
    Type.Object({ path: Type.String(), age_months: Int, last_changed: Type.String({ format: 'date-time' }) }),
  ),
  distribution: Type.Array(Type.Object({ label: Type.String(), files: Int })),
});

/** Whether the run had the full git history these views need; every insights response carries it. */
export type HistoryState = Static<typeof HistoryState>;
export type HotspotsResponse = Static<typeof HotspotsResponse>;
export type HotspotBy = HotspotsResponse['by'];
export type HotspotItem = HotspotsResponse['items'][number];
export type HotspotFunction = HotspotItem['top_functions'][number];
export type HotspotFolder = HotspotsResponse['folders'][number];
export type CouplingResponse = Static<typeof CouplingResponse>;
export type CouplingParams = CouplingResponse['params'];
export type CouplingPair = CouplingResponse['items'][number];
export type AuthorRef = Static<typeof AuthorRef>;
export type KnowledgeResponse = Static<typeof KnowledgeResponse>;
export type KnowledgeAuthor = KnowledgeResponse['authors'][number];
export type KnowledgeFile = KnowledgeResponse['files'][number];
export type KnowledgeFolder = KnowledgeResponse['folders'][number];
export type AtRiskFile = KnowledgeResponse['at_risk'][number];
export type CodeAgeResponse = Static<typeof CodeAgeResponse>;
export type CodeAgeFile = CodeAgeResponse['files'][number];
