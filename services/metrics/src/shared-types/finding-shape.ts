// The shape of a finding and of the findings endpoints' answers (typebox schemas the routes use), shared
// with the web UI, which imports the types only.
import { type Static, Type } from 'typebox';

/** Pylint's message categories, most severe first. */
export const FINDING_CATEGORIES = [
  'fatal',
  'error',
  'warning',
  'refactor',
  'convention',
  'info',
  'security',
] as const;
export type FindingCategory = (typeof FINDING_CATEGORIES)[number];

const Nullable = <T extends ReturnType<typeof Type.Integer>>(t: T) => Type.Union([t, Type.Null()]);
/**
 * One pylint message on one file. `line` is 1-based and `column` 0-based, as pylint reports them; the
 * end position is null when pylint gives none (module-level messages, older checkers).
 */
export const FindingSchema = Type.Object({
  path: Type.String(),
  line: Type.Integer({ description: '1-based, as pylint reports it.' }),
  column: Type.Integer({ description: '0-based, as pylint reports it.' }),
  end_line: Nullable(Type.Integer()),
  end_column: Nullable(Type.Integer()),
  category: Type.String(),
  symbol: Type.String(),
  message_id: Type.String(),
  message: Type.String(),
  severity: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        "bandit's severity of a `security` finding (high, medium, low); null for pylint's findings.",
    }),
  ),
  confidence: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: "bandit's confidence of a `security` finding." }),
  ),
  environment: Type.Optional(
    Type.Boolean({
      description:
        'A finding about the analysis environment (import-error, relative-beyond-top-level, c-extension-no-member): left out of the pylint counts and score unless PYLINT_ENVIRONMENT_IN_SCORE.',
    }),
  ),
});
export const FindingsPage = Type.Object({
  items: Type.Array(FindingSchema),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  next_offset: Type.Union([Type.Integer(), Type.Null()]),
});
export const RulesResponse = Type.Object({
  items: Type.Array(
    Type.Object({
      symbol: Type.String(),
      message_id: Type.String(),
      category: Type.String(),
      count: Type.Integer(),
      environment: Type.Optional(Type.Boolean()),
    }),
  ),
  total: Type.Integer({ description: 'Findings under the filters.' }),
});
const NumOrNull = Type.Union([Type.Number(), Type.Null()]);
export const SourceResponse = Type.Object({
  path: Type.String(),
  status: Type.Union([
    Type.Literal('stored'),
    Type.Literal('file_cap'),
    Type.Literal('run_cap'),
    Type.Literal('unreadable'),
    Type.Literal('not_stored'),
  ]),
  size: NumOrNull,
  text: Type.Union([Type.String(), Type.Null()]),
  functions: Type.Array(
    Type.Object({
      name: Type.String(),
      class: Type.String(),
      lineno: Type.Integer(),
      endline: Type.Integer(),
      complexity: Type.Integer(),
      cognitive: Type.Integer(),
      rank: Type.String(),
    }),
  ),
  findings: Type.Array(FindingSchema),
  findings_total: Type.Integer(),
  pylint: Type.Object({
    score: NumOrNull,
    statements: NumOrNull,
    convention: NumOrNull,
    refactor: NumOrNull,
    warning: NumOrNull,
    error: NumOrNull,
    fatal: NumOrNull,
  }),
});

export type Finding = Static<typeof FindingSchema>;
export type FindingsPage = Static<typeof FindingsPage>;
export type RulesResponse = Static<typeof RulesResponse>;
/** One rule of the rule summary. */
export type RuleCount = RulesResponse['items'][number];
/** GET /api/analyses/{id}/source: a file's stored text with its functions, findings and pylint inputs. */
export type SourceView = Static<typeof SourceResponse>;
export type SourceFunction = SourceView['functions'][number];
/** Pylint's inputs for one file's score; all null when pylint did not run on it. */
export type PylintInputs = SourceView['pylint'];
