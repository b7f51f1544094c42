// Saved quality gates and the verdict of a run (issue 36): shapes shared by the API and the web UI.
import { type Static, Type } from 'typebox';

/** Where a gate applies: every repository without its own (`default`), or one repository. */
export const GateScope = Type.Union([Type.Literal('default'), Type.Literal('repository')]);

/** A gate as saved: conditions in the `--fail-on` grammar, canonical spelling. */
export const QualityGate = Type.Object({
  scope: GateScope,
  /** `owner/repo` for a repository's gate, null for the default. */
  repository: Type.Union([Type.String(), Type.Null()]),
  conditions: Type.Array(Type.String()),
  /** Whether `/api/badges/{owner}/{repo}/gate.svg` answers without the access token. */
  badge_public: Type.Boolean(),
  updated_at: Type.String({ format: 'date-time' }),
});
export type QualityGate = Static<typeof QualityGate>;

/** The body of PUT: conditions as one comma-separated string or a list of them. */
export const QualityGateInput = Type.Object(
  {
    conditions: Type.Union([
      Type.String({ maxLength: 2000 }),
      Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 }),
    ]),
    badge_public: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type QualityGateInput = Static<typeof QualityGateInput>;

const Num = Type.Union([Type.Number(), Type.String(), Type.Null()]);

/** One condition's outcome. `skipped` conditions do not fail the gate (the reason says why). */
export const ConditionOutcome = Type.Object({
  condition: Type.String(),
  /** `run`: a run-level number; `items`: every function or file; `new_code`: new code since the base. */
  kind: Type.Union([Type.Literal('run'), Type.Literal('items'), Type.Literal('new_code')]),
  status: Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('skipped')]),
  /** Run-level: the value; item conditions: the worst value among the items that break it. */
  value: Num,
  /** The limit, e.g. `> 15`. */
  limit: Type.String(),
  /** Item conditions: how many items break it. */
  failing_items: Type.Union([Type.Integer(), Type.Null()]),
  /** The first items that break it (worst first, at most 10). */
  items: Type.Array(
    Type.Object({ path: Type.String(), name: Type.String(), line: Type.Integer(), value: Num }),
  ),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type ConditionOutcome = Static<typeof ConditionOutcome>;

/** A finished run judged by the gate that applied when it finished. */
export const Verdict = Type.Object({
  analysis_id: Type.Integer(),
  status: Type.Union([Type.Literal('passed'), Type.Literal('failed')]),
  gate: Type.Object({
    scope: GateScope,
    repository: Type.Union([Type.String(), Type.Null()]),
    conditions: Type.Array(Type.String()),
  }),
  /** The run new-code conditions were measured against, or null (none earlier, or no such condition). */
  base_id: Type.Union([Type.Integer(), Type.Null()]),
  conditions: Type.Array(ConditionOutcome),
  evaluated_at: Type.String({ format: 'date-time' }),
});
export type Verdict = Static<typeof Verdict>;
