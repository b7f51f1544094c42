// A run as the analyses endpoints answer it (GET /api/analyses, /api/analyses/{id}); the web UI imports
// the types only.
import { type Static, Type } from 'typebox';

export const Stage = Type.Union([
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
  pylint_status: Type.Union(
    [
      Type.Literal('ok'),
      Type.Literal('off'),
      Type.Literal('timed_out'),
      Type.Literal('missing'),
      Type.Literal('failed'),
      Type.Literal('partial'),
      Type.Null(),
    ],
    {
      description:
        'What became of pylint in a finished run (null until then): ok; off (disabled for the run); timed_out (killed at PYLINT_TIMEOUT_SECONDS: pylint columns empty); missing (command not found); failed (pylint exited with an error); partial (crashed on some files, whose columns are empty). The warnings say more.',
    },
  ),
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
        rows_reused_from: Type.Union([Type.Integer(), Type.Null()], {
          description:
            'An identical re-run (same commit, settings, pyscan and pylint): the earlier run whose file, class and function rows were copied.',
        }),
        git_history: Type.Optional(
          Type.Union(
            [
              Type.Object({
                mode: Type.Union([Type.Literal('incremental'), Type.Literal('full')]),
                base_commit: Type.Union([Type.String(), Type.Null()]),
                commits_walked: Type.Integer(),
                commits_reused: Type.Integer(),
                reason: Type.Union([Type.String(), Type.Null()]),
              }),
              Type.Null(),
            ],
            {
              description:
                "A full-history run's git pass: incremental (replayed the pass over base_commit, an analysed ancestor, and walked only the commits since) or full, with the reason (first_analysis, not_an_ancestor after a force-push, mailmap_changed, chain_incomplete).",
            },
          ),
        ),
        pylint_files: Type.Optional(
          Type.Union([Type.Object({ reused: Type.Integer(), linted: Type.Integer() }), Type.Null()], {
            description:
              "pylint's per-file cache: files whose result was reused (neither they nor a module they import changed) and files pylint checked; null without pylint or the cache.",
          }),
        ),
        repo_cache: Type.Optional(
          Type.Union(
            [
              Type.Object({
                action: Type.Union([
                  Type.Literal('created'),
                  Type.Literal('updated'),
                  Type.Literal('rebuilt'),
                ]),
                reason: Type.Union([Type.String(), Type.Null()]),
                bytes: Type.Integer(),
              }),
              Type.Null(),
            ],
            { description: "What the repository cache did to the run's mirror (null: cloned without it)." },
          ),
        ),
      },
      {
        description:
          "The run's content-cache figures; null until it has measured its files, and for per-commit runs.",
      },
    ),
    Type.Null(),
  ]),
  previous_id: Type.Union([Type.Integer(), Type.Null()], {
    description:
      "A finished run: the run 'Compare with previous' compares it with (the commit before its own in its series, per-commit runs of history runs included; else the repository's previous finished run); null when there is none, or the run has not finished.",
  }),
});

export type Stage = Static<typeof Stage>;
export type Analysis = Static<typeof Analysis>;
export type Status = Analysis['status'];
export type PylintStatus = Exclude<Analysis['pylint_status'], null>;
