import { Type } from 'typebox';

const Stage = Type.Union([
  Type.Literal('pending'),
  Type.Literal('cloning'),
  Type.Literal('discovering'),
  Type.Literal('analyzing'),
  Type.Literal('linting'),
  Type.Literal('git_analysis'),
  Type.Literal('history'),
  Type.Literal('generating'),
  Type.Literal('done'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableTime = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

// Shape only: the URL and ref-name rules are checked by validateAnalysisInput, which reports every field.
export const CreateAnalysisBody = Type.Object(
  {
    repo_url: Type.String({ maxLength: 300, examples: ['https://github.com/psf/requests'] }),
    branch: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
    ref: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 300, description: 'A tag or commit; wins over branch.' }),
        Type.Null(),
      ]),
    ),
    exclude: Type.Optional(
      Type.Array(Type.String({ maxLength: 200 }), {
        maxItems: 50,
        description:
          'Globs of files and folders to leave out, relative to the repository root (a name without "/" matches at any depth). They add to the repository\'s own [tool.pyscan] exclude.',
        examples: [['legacy', 'src/gen/**', '*_pb2.py']],
      }),
    ),
    history: Type.Optional(
      Type.Union(
        [
          Type.Boolean(),
          Type.Object(
            {
              // Ranges and the date are checked by parseHistory, which names the field in its 422.
              commits: Type.Optional(Type.Number({ description: '1–500', examples: [100] })),
              since: Type.Optional(Type.String({ description: 'YYYY-MM-DD', examples: ['2024-01-01'] })),
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        {
          description:
            'true/false: the git-history columns and insights for this run (default CLONE_SHALLOW=false). {commits: N} (1–500) and/or {since: "YYYY-MM-DD"}: a history run, which also measures up to N earlier commits of the first-parent line (500 with since alone), evenly spaced, each stored as its own run (history_parent_id).',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const Analysis = Type.Object({
  id: Type.Integer(),
  repo_url: Type.String(),
  branch: NullableString,
  ref: NullableString,
  ref_used: Type.Union([Type.String({ description: 'The branch, tag or commit checked out.' }), Type.Null()]),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('running'),
    Type.Literal('done'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
  ]),
  stage: Stage,
  queue_position: Type.Union([
    Type.Integer({ minimum: 1, description: 'For a pending run: 1 when it is next in line.' }),
    Type.Null(),
  ]),
  progress: Type.Object({ done: Type.Integer(), total: Type.Integer() }),
  commit_sha: NullableString,
  commit_date: NullableTime,
  history_parent_id: Type.Union([Type.Integer(), Type.Null()]),
  output_name: NullableString,
  warnings: Type.Array(Type.String()),
  error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
  settings: Type.Record(Type.String(), Type.Unknown()),
  stages: Type.Array(Type.Object({ stage: Stage, at: Type.String({ format: 'date-time' }) })),
  created_at: Type.String({ format: 'date-time' }),
  started_at: NullableTime,
  finished_at: NullableTime,
  summary: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  cache: Type.Union([
    Type.Object(
      {
        blobs_hit: Type.Integer({
          description: 'Distinct file contents whose metrics came from the content cache.',
        }),
        blobs_measured: Type.Integer({ description: 'Distinct file contents pyscan measured in this run.' }),
        pylint: Type.Union(
          [Type.Literal('hit'), Type.Literal('miss'), Type.Literal('off'), Type.Literal('not_cached')],
          {
            description:
              'hit: replayed from the cache; miss: pylint ran and was cached; off: pylint disabled; not_cached: pylint missing or the cache off.',
          },
        ),
        history_commits: Type.Union([Type.Integer(), Type.Null()], {
          description: 'A history run: the earlier commits it measured (null for other runs).',
        }),
        history_commits_reused: Type.Union([Type.Integer(), Type.Null()]),
      },
      {
        description:
          "The run's content-cache figures; null until it has measured its files, and for per-commit runs.",
      },
    ),
    Type.Null(),
  ]),
});

export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    repo_url: Type.Optional(Type.String({ maxLength: 300, description: 'Only runs of this repository.' })),
  },
  { additionalProperties: false },
);
