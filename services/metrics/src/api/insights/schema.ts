import { Type } from 'typebox';

// The shapes of docs/metrics-service.md "History insights" (web/src/api/types.ts mirrors them).

const Int = Type.Integer();
const Num = Type.Number();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const HistoryState = Type.Object({
  available: Type.Boolean(),
  reason: Type.Union([Type.Literal('shallow_clone'), Type.Literal('history_disabled'), Type.Null()]),
  commits_read: Int,
});

const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
};

export const HotspotsQuery = Type.Object(
  {
    by: Type.Optional(Type.Union([Type.Literal('cc'), Type.Literal('cognitive')], { default: 'cc' })),
    ...Paging,
    folder: Type.Optional(
      Type.String({ maxLength: 500, description: "Only files under this folder ('pkg' or 'pkg/sub')." }),
    ),
  },
  { additionalProperties: false },
);

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

export const CouplingQuery = Type.Object(
  {
    ...Paging,
    path: Type.Optional(Type.String({ maxLength: 500, description: 'Only pairs containing this file.' })),
  },
  { additionalProperties: false },
);

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

const AuthorRef = Type.Object({ name: Type.String(), email: Type.String() });

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
